#!/usr/bin/env python3
"""Check that examples/ matches the regression suite document suite.md.

Re-reads suite.md and verifies:
  * every code block of suite.md (sections 2, 3 and 4) equals its .litmus file byte for byte
    (the lines inside the fence, ending with one newline), and no other .litmus file exists;
  * each test heading, the program's header line and its title string agree;
  * the per-test verdict table and "Flag flips" line of every test in section 2 equal its row of
    the summary table of section 1 (a disagreement is a defect of suite.md);
  * every test of the summary table exists as a file and has a section, and vice versa;
  * every test named in the robustness lists and the repair table of section 3 exists;
  * examples/suite/expected.tsv, robustness.tsv, repairs.tsv and examples/errors/expected.tsv equal
    what suite.md says;
  * a few internal consistency rules of suite.md (models.md sections 6.3, 9 and 10), reported as
    spec defects if violated.

Usage: python3 examples/suite/check-extraction.py [path/to/suite.md]
Default path: $REMO_SUITE_MD, else docs/reference/suite.md of the repository. Exit status 0 iff every check passes.
Standard library only.
"""

import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
EXAMPLES = os.path.dirname(HERE)
REPO = os.path.dirname(EXAMPLES)
SUITE_DIR = os.path.join(EXAMPLES, 'suite')
ERRORS_DIR = os.path.join(EXAMPLES, 'errors')

MODELS = ['sc', 'tso', 'rdma-tso', 'rdma-tso-rmw', 'rdma-wait-rmw', 'rdma-sc-rmw']
SHORT = {'A': 'Allowed', 'F': 'Forbidden', '–': 'unsupported'}
WORD = {'Allowed': 'Allowed', 'Forbidden': 'Forbidden', 'unsupported': 'unsupported'}

failures = []
notes = []


def fail(msg):
    failures.append(msg)


def locate_suite_md():
    if len(sys.argv) > 1:
        return sys.argv[1]
    cands = [os.environ.get('REMO_SUITE_MD'),
             os.path.join(REPO, 'docs', 'reference', 'suite.md')]
    for c in cands:
        if c and os.path.isfile(c):
            return c
    sys.exit('check-extraction: cannot find suite.md; pass its path as the first argument')


def read_bytes(path):
    with open(path, 'rb') as f:
        return f.read()


def strip_code(s):
    s = s.strip()
    if len(s) >= 2 and s[0] == '`' and s[-1] == '`':
        return s[1:-1]
    return s


def table_cells(line):
    line = line.strip()
    assert line.startswith('|') and line.endswith('|'), line
    # split on '|' not escaped as '\|'
    cells = re.split(r'(?<!\\)\|', line[1:-1])
    return [c.strip().replace('\\|', '|') for c in cells]


def read_tsv(path):
    if not os.path.isfile(path):
        fail('missing file %s' % os.path.relpath(path, REPO))
        return None, []
    text = read_bytes(path).decode('utf-8')
    if not text.endswith('\n') or '\r' in text:
        fail('%s: must use LF line ends and end with a newline' % os.path.relpath(path, REPO))
    rows = [l.split('\t') for l in text.split('\n')[:-1]]
    if not rows:
        fail('%s: empty' % os.path.relpath(path, REPO))
        return None, []
    return rows[0], rows[1:]


def compare_tsv(path, header, want_rows):
    got_header, got_rows = read_tsv(path)
    rel = os.path.relpath(path, REPO)
    if got_header is None:
        return
    if got_header != header:
        fail('%s: header %r, expected %r' % (rel, got_header, header))
        return
    want = [list(r) for r in want_rows]
    if got_rows == want:
        return
    gs = set(map(tuple, got_rows))
    ws = set(map(tuple, want))
    for r in want:
        if tuple(r) not in gs:
            fail('%s: missing or wrong row %s' % (rel, '\t'.join(r)))
    for r in got_rows:
        if tuple(r) not in ws:
            fail('%s: unexpected row %s' % (rel, '\t'.join(r)))
    if gs == ws:
        fail('%s: rows are right but not in document order (or duplicated)' % rel)


# --------------------------------------------------------------------------------------------
# Parsing suite.md

def parse(md_text):
    lines = md_text.split('\n')
    doc = {'lines': lines}

    # sections by '## ' headings
    sec_start = {}
    for i, l in enumerate(lines):
        m = re.match(r'^## (\d+)\. ', l)
        if m:
            sec_start[int(m.group(1))] = i
    doc['sec'] = sec_start

    def sec_range(n):
        start = sec_start[n]
        later = [v for k, v in sec_start.items() if v > start]
        return start, (min(later) if later else len(lines))
    doc['sec_range'] = sec_range

    # code blocks: (line index of opening fence, body lines, enclosing heading)
    blocks = []
    heading = None
    i = 0
    while i < len(lines):
        l = lines[i]
        if l.startswith('#### '):
            heading = (i, l[5:])
        if l.strip().startswith('```'):
            if l.strip() != '```':
                fail('suite.md:%d: fence with an info string %r' % (i + 1, l))
            j = i + 1
            while j < len(lines) and lines[j].strip() != '```':
                j += 1
            if j == len(lines):
                fail('suite.md:%d: unterminated code block' % (i + 1))
                break
            if lines[j] != lines[i]:
                fail('suite.md:%d: closing fence indented differently from the opening one' % (j + 1))
            body = lines[i + 1:j]
            blocks.append({'open': i, 'close': j, 'body': body, 'heading': heading})
            i = j + 1
            continue
        i += 1
    doc['blocks'] = blocks

    # summary table (section 1)
    s, e = sec_range(1)
    summary = []
    tab = [l for l in lines[s:e] if l.startswith('|')]
    hdr = table_cells(tab[0])
    exp_hdr = ['Id'] + MODELS + ['Flag flips (under `rdma-tso-rmw`)', '`\\|FS\\|` weak / SC']
    exp_hdr_alt = ['Id'] + MODELS + ['Flag flips (under `rdma-tso-rmw`)', '`|FS|` weak / SC']
    if hdr != exp_hdr and hdr != exp_hdr_alt:
        fail('summary table header changed: %r' % (hdr,))
    for l in tab[2:]:
        c = table_cells(l)
        if len(c) != 9:
            fail('summary row with %d cells: %s' % (len(c), l))
            continue
        vid = c[0]
        verdicts = []
        for v in c[1:7]:
            if v not in SHORT:
                fail('summary row %s: verdict cell %r is not A, F or –' % (vid, v))
            verdicts.append(SHORT.get(v, v))
        flips = parse_summary_flips(vid, c[7])
        m = re.fullmatch(r'(\d+) / (\d+)', c[8])
        if not m:
            fail('summary row %s: |FS| cell %r' % (vid, c[8]))
            fs = ('?', '?')
        else:
            fs = (m.group(1), m.group(2))
        summary.append({'id': vid, 'verdicts': verdicts, 'flips': flips, 'fs': fs,
                        'line': lines.index(l) + 1})
    doc['summary'] = summary

    # per-test sections of section 2
    s, e = sec_range(2)
    tests = []
    i = s
    while i < e:
        m = re.match(r'^#### (\S+): (.*)$', lines[i])
        if m:
            t = {'id': m.group(1), 'title': m.group(2), 'line': i + 1}
            j = i + 1
            while j < e and not lines[j].startswith('#### ') and not lines[j].startswith('### '):
                j += 1
            t['span'] = (i, j)
            tests.append(t)
            i = j
        else:
            i += 1
    for t in tests:
        a, b = t['span']
        seg = lines[a:b]
        t['blocks'] = [bl for bl in blocks if a <= bl['open'] < b]
        tabl = [k for k, l in enumerate(seg) if l.startswith('|')]
        t['verdicts'] = None
        if len(tabl) != 3:
            fail('%s (suite.md:%d): expected one verdict table of 3 lines, found %d table lines'
                 % (t['id'], t['line'], len(tabl)))
        else:
            h = table_cells(seg[tabl[0]])
            if h != MODELS:
                fail('%s: verdict table header %r' % (t['id'], h))
            row = table_cells(seg[tabl[2]])
            for v in row:
                if v not in WORD:
                    fail('%s: verdict %r is not Allowed, Forbidden or unsupported' % (t['id'], v))
            t['verdicts'] = row
        fl = [l for l in seg if l.startswith('Flag flips:')]
        t['flips'] = []
        if len(fl) > 1:
            fail('%s: more than one "Flag flips:" line' % t['id'])
        for l in fl:
            body = l[len('Flag flips:'):].strip()
            items = re.findall(r'`([A-Z_]+=[A-Z_]+)` gives (Allowed|Forbidden)', body)
            rest = re.sub(r'`([A-Z_]+=[A-Z_]+)` gives (Allowed|Forbidden)', '', body)
            if not items or rest.strip(' ,;.and') != '':
                fail('%s: cannot read flag flips line %r' % (t['id'], l))
            t['flips'] = [(f, v) for f, v in items]
    doc['tests'] = tests
    return doc


def parse_summary_flips(vid, cell):
    if cell == '—':
        return []
    out = []
    for part in re.split(r'\s*[,;]\s*', cell):
        m = re.fullmatch(r'`([A-Z_]+=[A-Z_]+)` → ([AF])', part.strip())
        if not m:
            fail('summary row %s: cannot read flag flips %r' % (vid, cell))
            continue
        out.append((m.group(1), SHORT[m.group(2)]))
    return out


def block_file_bytes(body):
    return ('\n'.join(body) + '\n').encode('utf-8')


# --------------------------------------------------------------------------------------------
# Checks

def check_files(doc):
    lines = doc['lines']
    s3, e3 = doc['sec_range'](3)
    s4, e4 = doc['sec_range'](4)
    s2, e2 = doc['sec_range'](2)
    want = {}  # path -> (bytes, where)
    for bl in doc['blocks']:
        body = bl['body']
        o = bl['open']
        if not body:
            fail('suite.md:%d: empty code block' % (o + 1))
            continue
        m = re.fullmatch(r'RDMA (\S+)', body[0])
        if not m:
            if s2 <= o < e4:
                fail('suite.md:%d: code block does not start with "RDMA <Id>"' % (o + 1))
            continue
        tid = m.group(1)
        if s2 <= o < e2:
            folder = SUITE_DIR
            h = bl['heading']
            if h is None or not h[1].startswith(tid + ':'):
                fail('suite.md:%d: block RDMA %s is not under its own heading (%r)'
                     % (o + 1, tid, h and h[1]))
            else:
                title = h[1][len(tid) + 1:].strip()
                if len(body) < 2 or body[1] != '"%s"' % title:
                    fail('%s: title line %r differs from the heading title %r'
                         % (tid, body[1] if len(body) > 1 else None, title))
        elif s3 <= o < e3:
            folder = SUITE_DIR
        elif s4 <= o < e4:
            folder = ERRORS_DIR
            h = bl['heading']
            if h is None or h[1].strip() != tid:
                fail('suite.md:%d: block RDMA %s is under heading %r' % (o + 1, tid, h and h[1]))
        else:
            continue
        path = os.path.join(folder, tid + '.litmus')
        if path in want:
            fail('duplicate test id %s (suite.md:%d)' % (tid, o + 1))
        want[path] = (block_file_bytes(body), o + 1)
    for path, (data, where) in sorted(want.items()):
        rel = os.path.relpath(path, REPO)
        if not os.path.isfile(path):
            fail('%s: missing (block at suite.md:%d)' % (rel, where))
            continue
        got = read_bytes(path)
        if got != data:
            fail('%s: differs from the block at suite.md:%d' % (rel, where))
    for folder in (SUITE_DIR, ERRORS_DIR):
        for name in sorted(os.listdir(folder)) if os.path.isdir(folder) else []:
            if name.endswith('.litmus') and os.path.join(folder, name) not in want:
                fail('%s: no such test in suite.md' % os.path.relpath(os.path.join(folder, name), REPO))
    return want


def check_tables(doc):
    summary = {r['id']: r for r in doc['summary']}
    tests = {t['id']: t for t in doc['tests']}
    if len(summary) != len(doc['summary']):
        fail('summary table has duplicate ids')
    if len(tests) != len(doc['tests']):
        fail('section 2 has duplicate test headings')
    for tid in summary:
        if tid not in tests:
            fail('summary row %s has no test in section 2' % tid)
        if not os.path.isfile(os.path.join(SUITE_DIR, tid + '.litmus')):
            fail('summary row %s: file examples/suite/%s.litmus missing' % (tid, tid))
    for tid in tests:
        if tid not in summary:
            fail('test %s (suite.md:%d) has no row in the summary table' % (tid, tests[tid]['line']))
    if [r['id'] for r in doc['summary']] != [t['id'] for t in doc['tests']]:
        notes.append('note: the summary table lists the tests in a different order from section 2')
    for tid, t in tests.items():
        if len(t['blocks']) != 1:
            fail('%s: expected exactly one code block, found %d' % (tid, len(t['blocks'])))
        if tid not in summary or t['verdicts'] is None:
            continue
        r = summary[tid]
        for m, a, b in zip(MODELS, r['verdicts'], t['verdicts']):
            if a != b:
                fail('SPEC DEFECT: %s under %s: summary (suite.md:%d) says %s, the test\'s own table '
                     '(suite.md:%d) says %s' % (tid, m, r['line'], a, t['line'], b))
        if sorted(r['flips']) != sorted(t['flips']):
            fail('SPEC DEFECT: %s: summary flag flips %r, the test\'s "Flag flips" line %r'
                 % (tid, r['flips'], t['flips']))


def r8_row(doc):
    """The R8 entry of expected.tsv, read from its paragraph in section 3."""
    lines = doc['lines']
    s, e = doc['sec_range'](3)
    text = ' '.join(l.strip() for l in lines[s:e])
    m = re.search(r'Verdict: Allowed under `rdma-tso`, `rdma-tso-rmw`, `rdma-wait-rmw` and '
                  r'`rdma-sc-rmw` \(z = 1 in every execution\); `sc` and `tso` reject it\. '
                  r'`\|FS\|` = (\d+) / (\d+)\.', text)
    if not m:
        fail('section 3: the R8 verdict paragraph changed; update R8 in expected.tsv by hand')
        return None
    return ['R8', 'unsupported', 'unsupported', 'Allowed', 'Allowed', 'Allowed', 'Allowed', '-',
            m.group(1), m.group(2)]


def check_expected_tsv(doc):
    rows = []
    for r in doc['summary']:
        flips = ','.join('%s:%s' % fv for fv in r['flips']) or '-'
        rows.append([r['id']] + r['verdicts'] + [flips, r['fs'][0], r['fs'][1]])
    r8 = r8_row(doc)
    if r8:
        rows.append(r8)
    compare_tsv(os.path.join(SUITE_DIR, 'expected.tsv'),
                ['id'] + MODELS + ['flag_flips', 'fs_weak', 'fs_sc'], rows)
    return rows


def parse_robustness(doc):
    lines = doc['lines']
    s, e = doc['sec_range'](3)
    start = None
    for i in range(s, e):
        if lines[i].startswith('**Robustness of every suite test**'):
            start = i
    if start is None:
        fail('section 3: "Robustness of every suite test" paragraph not found')
        return {}
    items, cur = [], None
    for l in lines[start + 1:e]:
        if l.startswith('- '):
            cur = l[2:]
            items.append(cur)
        elif l.startswith('  ') and items:
            items[-1] += ' ' + l.strip()
        elif l.strip() == '' and items:
            break
    result = {}
    kinds = {'state- and trace-robust:': ('yes', 'yes'),
             'state-robust but not trace-robust:': ('yes', 'no'),
             'neither:': ('no', 'no')}
    for it in items:
        for k, val in kinds.items():
            if it.startswith(k):
                names = [x.strip() for x in it[len(k):].strip().rstrip(';.').split(',')]
                for n in names:
                    if n in result:
                        fail('SPEC DEFECT: %s appears twice in the robustness lists' % n)
                    result[n] = val
                break
        else:
            fail('section 3: robustness list item not understood: %r' % it)
    return result


def parse_repairs(doc):
    lines = doc['lines']
    s, e = doc['sec_range'](3)
    tab = [l for l in lines[s:e] if l.startswith('| R') or l.startswith('| Id')]
    rows = []
    for l in tab[1:]:
        c = table_cells(l)
        if len(c) != 5:
            fail('repair row with %d cells: %s' % (len(c), l))
            continue
        rows.append(c)
    return rows


def repair_text(cell, other=None):
    cell = cell.strip()
    if cell == 'same':
        return other
    if re.fullmatch(r'\((.*: )?unsupported\)|\(L\d+ uses `poll`: unsupported\)', cell):
        return 'unsupported'
    if cell.startswith('`') and cell.endswith('`') and cell.count('`') == 2:
        return cell[1:-1]
    return None


def check_robustness_and_repairs(doc, expected_rows):
    rob = parse_robustness(doc)
    ids = {r[0] for r in expected_rows}
    summary_ids = [r['id'] for r in doc['summary']]
    for n in rob:
        if n not in ids:
            fail('SPEC DEFECT: robustness list names %s, which is not a test' % n)
    for n in summary_ids + ['R8']:
        if n not in rob:
            fail('SPEC DEFECT: suite test %s is missing from the robustness lists' % n)
    order = [n for n in summary_ids + ['R8'] if n in rob] + sorted(n for n in rob if n not in ids)
    compare_tsv(os.path.join(SUITE_DIR, 'robustness.tsv'), ['id', 'state_robust', 'trace_robust'],
                [[n, rob[n][0], rob[n][1]] for n in order])

    # consistency with the verdicts and |FS| (models.md 10.1, 10.2, 6.3)
    by_id = {r[0]: r for r in expected_rows}
    for n, (st, tr) in rob.items():
        if n not in by_id:
            continue
        r = by_id[n]
        fw, fsc = r[8], r[9]
        if (st == 'yes') != (fw == fsc):
            fail('SPEC DEFECT: %s is listed state-robust=%s but |FS| is %s / %s '
                 '(models.md 10.1: state-robust iff the outcome sets are equal)' % (n, st, fw, fsc))
        if tr == 'yes' and st == 'no':
            fail('SPEC DEFECT: %s trace-robust but not state-robust' % n)
        if r[4] == 'Allowed' and r[6] == 'Forbidden' and st == 'yes':
            fail('SPEC DEFECT: %s Allowed under rdma-tso-rmw, Forbidden under rdma-sc-rmw, '
                 'yet listed state-robust' % n)

    # the repair table
    rows = parse_repairs(doc)
    out = []
    seen = []
    for c in rows:
        rid, prog, rb, rt, rw = c
        seen.append(rid)
        prog_id = prog.split()[0]
        if prog_id not in ids:
            fail('SPEC DEFECT: repair row %s names program %s, which is not a test' % (rid, prog_id))
        m = re.fullmatch(r'(\*\*)?(yes|no) / (yes|no)(\*\*)?', rb)
        if not m:
            fail('repair row %s: robustness cell %r' % (rid, rb))
        elif prog_id in rob and (m.group(2), m.group(3)) != rob[prog_id]:
            fail('SPEC DEFECT: repair row %s says %s is %s/%s robust, the robustness lists say %s/%s'
                 % ((rid, prog_id, m.group(2), m.group(3)) + rob[prog_id]))
        split = re.fullmatch(r'state: (.*); trace: (.*)', rt)
        if split:
            st_t = split.group(1)
            tr_t = split.group(2)
            sw = re.fullmatch(r'state: (.*); trace: (.*)', rw)
            if not sw:
                fail('repair row %s: rdma-wait-rmw cell not split by notion: %r' % (rid, rw))
                continue
            for model, (s_cell, t_cell) in (('rdma-tso-rmw', (st_t, tr_t)),
                                           ('rdma-wait-rmw', (sw.group(1), sw.group(2)))):
                for notion, cell in (('state', s_cell), ('trace', t_cell)):
                    txt = 'none needed' if cell.strip() == 'none needed' else repair_text(cell)
                    if txt is None:
                        fail('repair row %s: cannot read %r' % (rid, cell))
                    out.append([rid, prog_id, notion, model, txt])
        else:
            t1 = repair_text(rt)
            t2 = repair_text(rw, t1)
            if t1 is None or t1 == 'unsupported':
                fail('repair row %s: cannot read the rdma-tso-rmw cell %r' % (rid, rt))
            if t2 is None:
                fail('repair row %s: cannot read the rdma-wait-rmw cell %r' % (rid, rw))
            out.append([rid, prog_id, 'both', 'rdma-tso-rmw', t1])
            out.append([rid, prog_id, 'both', 'rdma-wait-rmw', t2])
            # "(unsupported)" must agree with the verdict table
            if prog_id in by_id:
                wait_unsup = by_id[prog_id][5] == 'unsupported'
                if wait_unsup != (t2 == 'unsupported'):
                    fail('SPEC DEFECT: repair row %s: rdma-wait-rmw repair %r but the verdict of %s '
                         'under rdma-wait-rmw is %s' % (rid, t2, prog_id, by_id[prog_id][5]))
                if by_id[prog_id][4] == 'unsupported':
                    fail('SPEC DEFECT: repair row %s: %s is unsupported under rdma-tso-rmw' % (rid, prog_id))
            if prog_id in rob and rob[prog_id] != ('no', 'no'):
                fail('SPEC DEFECT: repair row %s repairs %s, which is already robust' % (rid, prog_id))
    if seen != ['R%d' % k for k in range(1, len(seen) + 1)]:
        fail('repair rows are not R1..Rn in order: %r' % seen)
    compare_tsv(os.path.join(SUITE_DIR, 'repairs.tsv'),
                ['row', 'program', 'notion', 'model', 'repair'], out)

    # each insertion names a position 2..len(thread) of the original program (models.md 10.3)
    progs = {}
    for r in out:
        progs.setdefault(r[1], []).append(r)
    for prog_id, rs in progs.items():
        path = os.path.join(SUITE_DIR, prog_id + '.litmus')
        if not os.path.isfile(path):
            continue
        lens = thread_lengths(read_bytes(path).decode('utf-8'))
        for r in rs:
            if r[4] in ('unsupported', 'none needed') or r[4].startswith('no repair'):
                continue
            for ins in r[4].split(', '):
                m = re.fullmatch(r'P(\d+): (.+) before instruction (\d+)', ins)
                if not m:
                    fail('repair row %s: insertion %r not in the format of models.md 10.3' % (r[0], ins))
                    continue
                t, pos = int(m.group(1)), int(m.group(3))
                if t >= len(lens) or not (2 <= pos <= lens[t]):
                    fail('SPEC DEFECT: repair row %s: %r is outside positions 2..len(P%d) of %s'
                         % (r[0], ins, t, prog_id))


def thread_lengths(text):
    """Number of instructions per thread of a simple RDMA test (no comments needed here)."""
    lines = text.split('\n')
    hdr = None
    for i, l in enumerate(lines):
        if re.match(r'^\s*P0@', l):
            hdr = i
            break
    if hdr is None:
        return []
    n = len([c for c in lines[hdr].rstrip().rstrip(';').split('|')])
    lens = [0] * n
    for l in lines[hdr + 1:]:
        if re.match(r'^\s*(~?exists|forall|filter|locations)', l):
            break
        cells = l.rstrip().rstrip(';').split('|')
        for k, c in enumerate(cells[:n]):
            if c.strip():
                lens[k] += 1
    return lens


def check_errors(doc, files):
    lines = doc['lines']
    s, e = doc['sec_range'](4)
    rows = []
    # split section 4 into #### parts
    parts = []
    for i in range(s, e):
        if lines[i].startswith('#### '):
            parts.append([lines[i][5:].strip(), i])
    for k, p in enumerate(parts):
        end = parts[k + 1][1] if k + 1 < len(parts) else e
        p.append(end)
    for xid, a, b in parts:
        seg = lines[a:b]
        # text after the code block
        close = max(i for i, l in enumerate(seg) if l.strip() == '```')
        text = ' '.join(l.strip() for l in seg[close + 1:] if l.strip())
        fname = xid + '.litmus'
        if text.startswith('Expected: '):
            ms = re.findall(r'`([^`]*)`', text)
            if len(ms) < 1:
                fail('%s: no expected line' % xid)
                continue
            line = ms[0]
            rows.append([fname, '*', kind_of(line), line])
            if text.count('`%s`' % line) != 1 or re.search(r'\bUnder `', text):
                fail('%s: expected text not understood: %r' % (xid, text))
        elif text.startswith('Parses.'):
            for model, line in re.findall(r'Under `([a-z-]+)`: `([^`]*)`', text):
                rows.append([fname, model, kind_of(line), line])
            m = re.search(r'Under `([a-z-]+)` it runs: verdict (Allowed|Forbidden), observation `(\w+)`', text)
            if m:
                rows.append([fname, m.group(1), 'runs', '%s %s' % (m.group(2), m.group(3))])
            m = re.search(r'`([^`]*)`, then `States (\d+)`, `(Ok|No)` \(verdict (Allowed|Forbidden)\) '
                          r'and the warning `([^`]*)`', text)
            if m:
                model = re.search(r'Under `([a-z-]+)`: `%s`' % re.escape(m.group(1)), text).group(1)
                rows.append([fname, model, 'runs', 'States %s; %s; %s; %s'
                             % (m.group(2), m.group(3), m.group(4), m.group(5))])
            if not any(r[0] == fname and r[2] == 'runs' for r in rows):
                fail('%s: no run result found in %r' % (xid, text))
        else:
            fail('%s: text after the block not understood: %r' % (xid, text))
    # expected lines point into the file
    for r in rows:
        if r[2] == 'runs':
            continue
        m = re.match(r'^(\S+?):(\d+):(\d+): (error|warning)\[([A-Z-]+)\]: ', r[3])
        if not m or m.group(1) != r[0]:
            fail('%s: expected line %r does not name the file' % (r[0], r[3]))
            continue
        path = os.path.join(ERRORS_DIR, r[0])
        if path not in files:
            fail('%s: no code block' % r[0])
            continue
        flines = files[path][0].decode('utf-8').split('\n')
        ln, col = int(m.group(2)), int(m.group(3))
        if not (1 <= ln <= len(flines) - 1 and 1 <= col <= len(flines[ln - 1])):
            fail('SPEC DEFECT: %s: position %d:%d is outside the file' % (r[0], ln, col))
        elif flines[ln - 1][col - 1] == ' ':
            fail('SPEC DEFECT: %s: position %d:%d is whitespace' % (r[0], ln, col))
    compare_tsv(os.path.join(ERRORS_DIR, 'expected.tsv'), ['file', 'model', 'kind', 'expected'], rows)
    return rows


def kind_of(line):
    m = re.search(r': (error|warning)\[', line)
    return m.group(1) if m else '?'


def check_internal(doc):
    """Rules that follow from suite.md section 0 and models.md; violations are spec defects."""
    cpu_only = set()
    lines = doc['lines']
    tests = {t['id']: t for t in doc['tests']}
    # CPU-only tests: the subsection "### CPU-only tests"
    cur = None
    for t in doc['tests']:
        i = t['line'] - 1
        while i >= 0 and not lines[i].startswith('### '):
            i -= 1
        if lines[i].startswith('### CPU-only'):
            cpu_only.add(t['id'])
    for r in doc['summary']:
        v = dict(zip(MODELS, r['verdicts']))
        tid = r['id']
        if tid in cpu_only:
            for m in ('rdma-tso', 'rdma-tso-rmw', 'rdma-wait-rmw'):
                if v[m] != v['tso']:
                    fail('SPEC DEFECT: CPU-only %s: %s (%s) differs from tso (%s)' % (tid, m, v[m], v['tso']))
            if v['rdma-sc-rmw'] != v['sc']:
                fail('SPEC DEFECT: CPU-only %s: rdma-sc-rmw differs from sc' % tid)
        else:
            for m in ('sc', 'tso'):
                if v[m] != 'unsupported':
                    fail('SPEC DEFECT: %s uses NIC instructions but is not unsupported under %s' % (tid, m))
        base = v['rdma-tso-rmw']
        if base == 'unsupported' or v['rdma-sc-rmw'] == 'unsupported':
            fail('SPEC DEFECT: %s unsupported under rdma-tso-rmw or rdma-sc-rmw' % tid)
        for m in ('rdma-tso', 'rdma-wait-rmw'):
            if v[m] not in ('unsupported', base):
                fail('SPEC DEFECT: %s: %s gives %s but rdma-tso-rmw gives %s (they share rdma-base.cat)'
                     % (tid, m, v[m], base))
        if v['rdma-sc-rmw'] == 'Allowed' and base == 'Forbidden':
            fail('SPEC DEFECT: %s Allowed under rdma-sc-rmw but Forbidden under rdma-tso-rmw '
                 '(FS_S is a subset of FS_M)' % tid)
        if v['sc'] == 'Allowed' and v['tso'] == 'Forbidden':
            fail('SPEC DEFECT: %s Allowed under sc but Forbidden under tso' % tid)
        if base == 'Allowed' and v['rdma-sc-rmw'] == 'Forbidden' and r['fs'][0] == r['fs'][1]:
            fail('SPEC DEFECT: %s: verdicts differ between rdma-tso-rmw and rdma-sc-rmw but |FS| is %s / %s'
                 % (tid, r['fs'][0], r['fs'][1]))
        if int(r['fs'][0]) < int(r['fs'][1]):
            fail('SPEC DEFECT: %s: |FS| weak %s < SC %s' % (tid, r['fs'][0], r['fs'][1]))
        for f, val in r['flips']:
            if val == base:
                fail('SPEC DEFECT: %s: flag flip %s gives %s, the default verdict' % (tid, f, val))
    # tests with the same program (all but the header, title and condition) have the same |FS|
    progs = {}
    for t in doc['tests']:
        if len(t['blocks']) != 1:
            continue
        body = t['blocks'][0]['body']
        key = '\n'.join(l for l in body[2:] if not re.match(r'^(~?exists|forall|filter)', l))
        progs.setdefault(key, []).append(t['id'])
    fs = {r['id']: r['fs'] for r in doc['summary']}
    for key, group in progs.items():
        vals = {fs.get(g) for g in group}
        if len(vals) > 1:
            fail('SPEC DEFECT: %s have the same program but different |FS| %r'
                 % (', '.join(group), [fs.get(g) for g in group]))
    # warnings quoted in section 2 (V3) point into the file
    for t in doc['tests']:
        a, b = t['span']
        for l in lines[a:b]:
            for m in re.finditer(r'`(%s\.litmus):(\d+):(\d+): (warning|error)\[[A-Z-]+\]: [^`]*`'
                                 % re.escape(t['id']), l):
                body = t['blocks'][0]['body'] if t['blocks'] else []
                ln, col = int(m.group(2)), int(m.group(3))
                if not (1 <= ln <= len(body) and 1 <= col <= len(body[ln - 1])) \
                        or body[ln - 1][col - 1] == ' ':
                    fail('SPEC DEFECT: %s: quoted diagnostic position %d:%d is not on a token'
                         % (t['id'], ln, col))


def main():
    path = locate_suite_md()
    raw = read_bytes(path)
    text = raw.decode('utf-8')
    if '\r' in text:
        notes.append('note: suite.md contains CR characters; files compare against the LF text')
        text = text.replace('\r\n', '\n')
    doc = parse(text)
    files = check_files(doc)
    check_tables(doc)
    rows = check_expected_tsv(doc)
    check_robustness_and_repairs(doc, rows)
    check_errors(doc, files)
    check_internal(doc)
    n_suite = len([p for p in files if os.path.dirname(p) == SUITE_DIR])
    n_err = len([p for p in files if os.path.dirname(p) == ERRORS_DIR])
    for n in notes:
        print(n)
    if failures:
        for f in failures:
            print('FAIL: ' + f)
        print('check-extraction: %d problem(s) (%d suite programs, %d error programs in %s)'
              % (len(failures), n_suite, n_err, path))
        return 1
    print('check-extraction: OK: %d suite programs, %d error programs, %d summary rows, '
          'expected.tsv, robustness.tsv, repairs.tsv and errors/expected.tsv agree with %s'
          % (n_suite, n_err, len(doc['summary']), path))
    return 0


if __name__ == '__main__':
    sys.exit(main())

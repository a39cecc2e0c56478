// remo playground editor: CodeMirror 6 with litmus and cat highlighting and located diagnostics.
// Bundled by build.sh into ../resources/remo/playground/assets/codemirror.js (an IIFE whose global
// is RemoEditor); the page (playground.js) uses only the functions exported here.
import {EditorState, Compartment} from "@codemirror/state";
import {EditorView, keymap, lineNumbers, highlightActiveLine, highlightActiveLineGutter, drawSelection}
  from "@codemirror/view";
import {defaultKeymap, history, historyKeymap, indentWithTab} from "@codemirror/commands";
import {StreamLanguage, syntaxHighlighting, defaultHighlightStyle, bracketMatching} from "@codemirror/language";
import {lintGutter, setDiagnostics} from "@codemirror/lint";

// ---- block comments (* ... *), which nest in both languages (language.md §2.2, herd7's cat)
function blockComment(stream, state) {
  while (!stream.eol()) {
    if (stream.match("(*")) {
      state.depth++;
    } else if (stream.match("*)")) {
      state.depth--;
      if (state.depth === 0) {
        return "comment";
      }
    } else {
      stream.next();
    }
  }
  return "comment";
}

const LITMUS_KEYWORDS = new Set(["exists", "forall", "filter", "locations", "flags", "true", "false", "not"]);
const RDMA_INSTRUCTIONS = new Set(["put", "get", "poll", "rfence", "rcas", "rfaa", "wait", "gf", "mfence", "cas",
  "faa", "await", "assume"]);

/** Litmus tests: RDMA and herd7's X86/X86_64 dialects. */
const litmus = StreamLanguage.define({
  name: "litmus",
  startState: () => ({depth: 0, line: 0}),
  token(stream, state) {
    if (stream.sol()) {
      state.line++;
    }
    if (state.depth > 0) {
      return blockComment(stream, state);
    }
    if (stream.eatSpace()) {
      return null;
    }
    if (stream.match("(*")) {
      state.depth = 1;
      return blockComment(stream, state);
    }
    if (stream.match("//")) {
      stream.skipToEnd();
      return "comment";
    }
    if (state.line === 1 && stream.match(/^(RDMA|X86_64|X86)\b/)) {
      stream.skipToEnd();
      return "heading";
    }
    if (stream.match(/^"[^"]*"?/)) {
      return "string";
    }
    if (stream.match(/^P\d+(@\d+)?/)) {
      return "labelName";
    }
    if (stream.match(/^%[a-z0-9]+/i)) {
      return "variableName.special";
    }
    if (stream.match(/^\$-?\d+/) || stream.match(/^-?\d+/)) {
      return "number";
    }
    if (stream.match(/^#[A-Za-z_]\w*/)) {
      return "attributeName";
    }
    if (stream.match(/^@\d+/)) {
      return "labelName";
    }
    if (stream.match(/^[A-Za-z_][\w.]*/)) {
      const w = stream.current();
      if (LITMUS_KEYWORDS.has(w) || w === "~exists") {
        return "keyword";
      }
      if (RDMA_INSTRUCTIONS.has(w.toLowerCase()) || /^(mov|xchg|lock|mfence|add|cmpxchg|inc|dec|jmp|j[a-z]+|cmp|sub|xor|and|or)[a-z]*$/i.test(w)) {
        return "operatorKeyword";
      }
      if (/^r\d+$/.test(w)) {
        return "variableName.special";
      }
      return "variableName";
    }
    if (stream.match(/^(\/\\|\\\/|~|==|!=|=|\||;|,)/)) {
      return "operator";
    }
    stream.next();
    return null;
  },
  languageData: {commentTokens: {block: {open: "(*", close: "*)"}, line: "//"}}
});

const CAT_KEYWORDS = new Set(["let", "rec", "and", "in", "as", "acyclic", "irreflexive", "empty", "flag", "include",
  "show", "unshow", "fun", "match", "with", "if", "then", "else", "begin", "end", "procedure", "call", "for", "do",
  "done", "enum", "instructions", "default", "forall", "from", "undefined_unless", "withco", "withoutco"]);

/** cat models (models.md §7, herd7's cat language). */
const cat = StreamLanguage.define({
  name: "cat",
  startState: () => ({depth: 0, first: true}),
  token(stream, state) {
    if (state.depth > 0) {
      return blockComment(stream, state);
    }
    if (stream.eatSpace()) {
      return null;
    }
    if (stream.match("(*")) {
      state.depth = 1;
      return blockComment(stream, state);
    }
    if (stream.match(/^"[^"]*"?/)) {
      const first = state.first;
      state.first = false;
      return first ? "heading" : "string";
    }
    state.first = false;
    if (stream.match(/^\d+/)) {
      return "number";
    }
    if (stream.match(/^[A-Za-z_][\w.\-]*/)) {
      const w = stream.current();
      if (CAT_KEYWORDS.has(w)) {
        return "keyword";
      }
      if (/^(po|rf|co|fr|rmw|ppo|hb|rao|loc|int|ext|id|addr|data|ctrl|ii|iico|amo)$/.test(w)) {
        return "typeName";
      }
      return "variableName";
    }
    if (stream.match(/^(\^-1|\^\+|\^\*|\?|\||&|;|\\|\*|\+|~|\[|\])/)) {
      return "operator";
    }
    stream.next();
    return null;
  },
  languageData: {commentTokens: {block: {open: "(*", close: "*)"}}}
});

const theme = EditorView.theme({
  "&": {fontSize: "13px", border: "1px solid #ccc", height: "100%"},
  ".cm-scroller": {fontFamily: "ui-monospace, SFMono-Regular, Menlo, Consolas, monospace", overflow: "auto"},
  ".cm-content": {minHeight: "12em"}
});

/**
 * Makes an editor in `parent`.
 * @param parent   the element to fill
 * @param language "litmus" or "cat"
 * @param text     the initial text
 * @param onChange called with no argument after every change of the text
 * @returns a handle: get(), set(text), setLanguage(name), diagnose(list), view
 */
export function create(parent, language, text, onChange) {
  const lang = new Compartment();
  const view = new EditorView({
    parent,
    state: EditorState.create({
      doc: text,
      extensions: [
        lineNumbers(), highlightActiveLineGutter(), history(), drawSelection(), bracketMatching(),
        highlightActiveLine(), lintGutter(), syntaxHighlighting(defaultHighlightStyle, {fallback: true}),
        keymap.of([...defaultKeymap, ...historyKeymap, indentWithTab]), theme,
        lang.of(language === "cat" ? cat : litmus),
        EditorView.updateListener.of(u => { if (u.docChanged && onChange) { onChange(); } })
      ]
    })
  });
  return {
    view,
    get: () => view.state.doc.toString(),
    set(t) {
      view.dispatch({changes: {from: 0, to: view.state.doc.length, insert: t}});
    },
    setLanguage(name) {
      view.dispatch({effects: lang.reconfigure(name === "cat" ? cat : litmus)});
    },
    /**
     * Shows diagnostics as squiggles: each {line, column, severity, message}, 1-based; a
     * diagnostic marks from its column to the end of the word there (at least one character).
     */
    diagnose(list) {
      const doc = view.state.doc;
      const out = [];
      for (const d of list) {
        const lineNo = Math.min(Math.max(d.line || 1, 1), doc.lines);
        const line = doc.line(lineNo);
        const from = Math.min(line.from + Math.max((d.column || 1) - 1, 0), line.to);
        let to = from;
        const rest = doc.sliceString(from, line.to);
        const word = /^[^\s|;,()]+/.exec(rest);
        to = from + (word ? word[0].length : Math.min(1, rest.length));
        if (to === from && from > line.from) {
          out.push({from: from - 1, to: from, severity: d.severity, message: d.message});
        } else {
          out.push({from, to, severity: d.severity, message: d.message});
        }
      }
      view.dispatch(setDiagnostics(view.state, out));
    }
  };
}

// remo playground (remo serve, docs/playground.md): the page's behaviour. It talks to the JSON API
// only; every verdict, state, execution and drawing comes from the server, which runs remo's own
// checker. The editors are CodeMirror 6 (codemirror.js, built from cli/src/main/frontend).
(function () {
  "use strict";
  const $ = id => document.getElementById(id);
  const state = {graphs: [], executions: [], index: 0, lastRequest: null, run: null, liveTimer: null,
    testName: "playground.litmus", catName: "model.cat", models: []};

  const testEditor = RemoEditor.create($("test-editor"), "litmus", "", onEdit);
  const catEditor = RemoEditor.create($("cat-editor"), "cat", "", onEdit);
  // the editors, for scripts driving the page (the browser tests type through them)
  window.remoPlayground = {test: testEditor, cat: catEditor};

  // ---- small helpers
  function esc(s) {
    return String(s).replace(/[&<>"']/g, c => ({"&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "'": "&#39;"}[c]));
  }
  function status(text) { $("status").textContent = text; }
  function newRunId() { return "r" + Date.now().toString(36) + Math.random().toString(36).slice(2, 10); }

  async function api(path, body) {
    const run = newRunId();
    state.run = run;
    $("cancel").disabled = false;
    try {
      const response = await fetch(path, {method: "POST", headers: {"Content-Type": "application/json", "X-Remo-Run": run},
        body: JSON.stringify(body)});
      const answer = await response.json();
      return {ok: response.ok, status: response.status, answer};
    } finally {
      if (state.run === run) { state.run = null; $("cancel").disabled = true; }
    }
  }
  async function getJson(path) {
    const response = await fetch(path);
    return response.json();
  }

  // ---- the request the page sends for the current editors and menus
  function modelFields(value, suffix) {
    const f = {};
    if (value === "custom") {
      f["cat" + suffix] = catEditor.get();
      f["catName" + suffix] = suffix ? "model2.cat" : state.catName;
    } else if (value) {
      f["model" + suffix] = value;
    }
    return f;
  }
  function checkRequest(extra) {
    return Object.assign({test: testEditor.get(), name: state.testName,
      show: $("show-forbidden").checked ? "forbidden" : "allowed"}, modelFields($("model").value, ""), extra || {});
  }

  // ---- diagnostics: listed under the editor and drawn as squiggles where they are located
  function showDiagnostics(list) {
    const forTest = [], forCat = [];
    const ul = $("diagnostics");
    ul.innerHTML = "";
    for (const d of list) {
      const li = document.createElement("li");
      li.className = d.severity;
      li.textContent = d.file + ":" + d.line + ":" + d.column + ": " + d.severity + "[" + d.code + "]: " + d.message;
      const inCat = d.file === state.catName || d.file === "model2.cat";
      (inCat ? forCat : forTest).push(d);
      li.addEventListener("click", () => selectTab(inCat ? "cat" : "test"));
      ul.appendChild(li);
    }
    testEditor.diagnose(forTest.filter(d => d.file === state.testName));
    catEditor.diagnose(forCat.filter(d => d.file === state.catName));
    if (forCat.length && !forTest.length) { selectTab("cat"); }
  }
  function diagnosticsOf(answer) {
    const out = [];
    if (answer.error) { out.push(answer.error); }
    if (answer.result) {
      (answer.result.errors || []).forEach(d => out.push(d));
      for (const t of answer.result.tests) {
        (t.errors || []).forEach(d => out.push(d));
        (t.warnings || []).forEach(d => out.push(d));
      }
    }
    (answer.errors || []).forEach(d => out.push(d));
    return out;
  }

  // ---- a check's result: verdict, states, and the stepper through the executions
  function renderCheck(answer) {
    showDiagnostics(diagnosticsOf(answer));
    const doc = answer.result;
    const t = doc && doc.tests.length ? doc.tests[0] : null;
    if (!t || t.status !== "ok") {
      $("result").classList.add("hidden");
      $("executions").classList.add("hidden");
      status(answer.error ? answer.error.message : "not checked: see the error above");
      return;
    }
    $("result").classList.remove("hidden");
    $("test-name").textContent = "Test " + t.name + " under " + t.model;
    $("verdict").textContent = t.verdict;
    $("verdict").className = "verdict v-" + t.verdict;
    $("ok").textContent = t.ok ? "Ok" : "No";
    $("partial").textContent = t.partial ? "partial: " + t.partialReason : "";
    $("partial").classList.toggle("hidden", !t.partial);
    $("observation").textContent = "Observation " + t.name + " " + t.observation + " " + t.positive + " " + t.negative
      + " · " + t.explored + " candidates explored · " + t.time.toFixed(3) + " s";
    $("condition").textContent = "Condition " + t.condition;
    $("states").innerHTML = "<tr><td><b>" + t.states.length + (t.states.length === 1 ? " state" : " states")
      + "</b></td><td></td></tr>" + t.states.map(s => "<tr><td>" + esc(s.text) + "</td><td>" + s.executions
      + (s.executions === 1 ? " execution" : " executions") + "</td></tr>").join("");
    $("warnings").innerHTML = (t.warnings || []).map(w => "<div class=\"error-text\">" + esc(w.message) + "</div>").join("");
    state.graphs = answer.graphs;
    state.undrawn = answer.undrawn;
    state.index = 0;
    $("executions").classList.remove("hidden");
    showExecution();
    status("checked in " + answer.seconds.toFixed(3) + " s");
  }
  function showExecution() {
    const n = state.graphs.length;
    const kind = $("show-forbidden").checked ? "forbidden" : "allowed";
    if (!n) {
      $("exec-pos").textContent = "no " + kind + " execution";
      $("graph").innerHTML = "";
      $("exec-caption").textContent = "";
    } else {
      const g = state.graphs[state.index];
      $("exec-pos").textContent = "execution " + (state.index + 1) + " of " + n
        + (state.undrawn ? " (" + state.undrawn + " more listed, not drawn: the request was stopped)" : "");
      $("exec-caption").textContent = g.caption.join("\n");
      $("graph").innerHTML = g.svg;
    }
    $("exec-prev").disabled = state.index <= 0;
    $("exec-first").disabled = state.index <= 0;
    $("exec-next").disabled = state.index >= n - 1;
  }

  async function runCheck() {
    status("checking…");
    const r = await api("api/check", checkRequest());
    renderCheck(r.answer);
  }

  // ---- compare under two models, side by side
  async function runCompare() {
    status("comparing…");
    const r = await api("api/compare", checkRequest(modelFields($("compare-model").value, "2")));
    const a = r.answer;
    const box = $("compare-result");
    box.classList.remove("hidden");
    if (!r.ok) { showDiagnostics(diagnosticsOf(a)); box.innerHTML = "<div class=\"error-text\">" + esc(a.error.message) + "</div>"; return; }
    showDiagnostics(diagnosticsOf(a.first).concat(diagnosticsOf(a.second)));
    const column = (answer, only) => {
      const t = answer.result.tests[0];
      if (!t || t.status !== "ok") {
        const e = diagnosticsOf(answer)[0];
        return "<div><div class=\"error-text\">" + esc(e ? e.message : "not checked") + "</div></div>";
      }
      return "<div><div class=\"verdict-line\">" + esc(t.model) + " <span class=\"verdict v-" + t.verdict + "\">" + t.verdict
        + "</span> " + (t.ok ? "Ok" : "No") + (t.partial ? " <span class=\"tag partial\">partial</span>" : "") + "</div>"
        + "<table class=\"states\">" + t.states.map(s => "<tr" + (only.includes(s.text) ? " class=\"only\"" : "") + "><td>"
        + esc(s.text) + "</td><td>" + s.executions + "</td></tr>").join("") + "</table></div>";
    };
    box.innerHTML = "<b>Compare</b> (states allowed by one model only are highlighted)<div class=\"cols\" id=\"compare-cols\">"
      + column(a.first, a.onlyFirst) + column(a.second, a.onlySecond) + "</div>";
    status("compared in " + a.seconds.toFixed(3) + " s");
  }

  // ---- robustness with the proposed fences in the program
  function markedProgram(text, marks) {
    const lines = text.split("\n");
    return lines.map((line, i) => {
      const m = marks.filter(k => k.line === i + 1).sort((p, q) => q.from - p.from);
      let out = esc(line);
      if (m.length) {
        out = line;
        let html = "", pos = 0;
        for (const k of m.slice().reverse()) {
          html += esc(line.slice(pos, k.from - 1)) + "<mark>" + esc(line.slice(k.from - 1, k.to - 1)) + "</mark>";
          pos = k.to - 1;
        }
        out = html + esc(line.slice(pos));
      }
      return out;
    }).join("\n");
  }
  async function runRobust() {
    status("analysing robustness…");
    const model = $("model").value;
    const body = {test: testEditor.get(), name: state.testName, repair: true};
    if (model && model !== "custom") { body.weak = model; }
    const r = await api("api/robust", body);
    const a = r.answer;
    const box = $("robust-result");
    box.classList.remove("hidden");
    showDiagnostics(diagnosticsOf(a));
    if (!r.ok || a.errors) { box.innerHTML = "<div class=\"error-text\">" + esc((a.error || a.errors[0]).message) + "</div>"; return; }
    const yn = b => b === undefined || b === null ? "unknown" : "<span class=\"" + (b ? "yes\">yes" : "no\">no") + "</span>";
    let html = "<b>Robustness of " + esc(a.name) + "</b> against " + esc(a.weak) + " (strong model " + esc(a.strong) + ")"
      + "<div>State-robust: " + yn(a.stateRobust) + " · Trace-robust: " + yn(a.traceRobust) + "</div>";
    if (a.stateOnlyWeak) { html += "<div class=\"mono\">State only " + esc(a.weak) + " reaches: " + esc(a.stateOnlyWeak) + "</div>"; }
    if (a.unknown) { html += "<div class=\"error-text\">" + esc(a.unknown) + "</div>"; }
    for (const rep of a.repairs || []) {
      html += "<div class=\"repair\"><b>Repair (" + rep.notion + ")</b>: <span class=\"repair-text\">" + esc(rep.description)
        + "</span>" + rep.insertions.map(i => " <span class=\"mono\">[" + i.roundTrips + " NIC round trip(s), " + i.cpuFences
        + " CPU fence(s)]</span>").join("") + "</div>";
      if (rep.repaired && rep.insertions.length) {
        html += "<pre class=\"program\">" + markedProgram(rep.repaired, rep.marks) + "</pre>";
      }
    }
    if (a.violation) {
      html += "<div class=\"caption\">" + esc(a.violation.caption.join("\n")) + "</div><div class=\"graph\">" + a.violation.svg + "</div>";
    }
    box.innerHTML = html;
    status("robustness analysed in " + a.seconds.toFixed(3) + " s");
  }

  // ---- simulation: observed against allowed, as a bar chart
  async function runSimulate() {
    status("simulating…");
    const model = $("model").value;
    const body = {test: testEditor.get(), name: state.testName, runs: 500};
    if (model && model !== "custom") { body.model = model; }
    const r = await api("api/simulate", body);
    const a = r.answer;
    const box = $("simulate-result");
    box.classList.remove("hidden");
    showDiagnostics(diagnosticsOf(a));
    if (!r.ok || a.errors) { box.innerHTML = "<div class=\"error-text\">" + esc((a.error || a.errors[0]).message) + "</div>"; return; }
    box.innerHTML = "<b>Simulation of " + esc(a.name) + "</b>: " + a.runs + " runs on the simulated NIC, "
      + a.completed + " completed; " + a.covered + " of " + a.rows.filter(x => x.model === "allowed").length
      + " allowed states observed (" + esc(a.model) + ")" + (a.ok ? "" : " <span class=\"no\">outside the model!</span>")
      + "<div class=\"graph\">" + barChart(a.rows, a.completed) + "</div><pre class=\"program\">" + esc(a.report) + "</pre>";
    status("simulated in " + a.seconds.toFixed(3) + " s");
  }
  function barChart(rows, total) {
    const w = 520, barH = 20, left = 230, max = Math.max(1, ...rows.map(r => r.observed));
    let svg = "<svg class=\"bars\" xmlns=\"http://www.w3.org/2000/svg\" width=\"" + (w + left + 60) + "\" height=\""
      + (rows.length * (barH + 6) + 30) + "\" font-family=\"Helvetica, Arial, sans-serif\" font-size=\"11\">";
    rows.forEach((r, i) => {
      const y = 4 + i * (barH + 6), len = Math.round(w * r.observed / max);
      const colour = r.model === "allowed" ? "#2f9e44" : r.model === "FORBIDDEN" ? "#c92a2a" : "#f0ad4e";
      svg += "<text x=\"" + (left - 6) + "\" y=\"" + (y + 14) + "\" text-anchor=\"end\">" + esc(r.state) + (r.condition ? " *" : "") + "</text>"
        + "<rect x=\"" + left + "\" y=\"" + y + "\" width=\"" + w + "\" height=\"" + barH + "\" fill=\"none\" stroke=\""
        + colour + "\" stroke-dasharray=\"3 2\"/>"
        + "<rect class=\"bar\" x=\"" + left + "\" y=\"" + y + "\" width=\"" + len + "\" height=\"" + barH + "\" fill=\"" + colour + "\"/>"
        + "<text x=\"" + (left + len + 4) + "\" y=\"" + (y + 14) + "\">" + r.observed + " · " + r.model + "</text>";
    });
    const y = rows.length * (barH + 6) + 20;
    svg += "<text x=\"" + left + "\" y=\"" + y + "\" fill=\"#555\">bars: runs observed (of " + total + "); outline: the state is "
      + "allowed (green), forbidden (red) or unknown; * satisfies the condition</text></svg>";
    return svg;
  }

  // ---- menus, tabs, files
  function selectTab(name) {
    document.querySelectorAll(".tab").forEach(t => t.classList.toggle("active", t.dataset.tab === name));
    $("test-editor").classList.toggle("hidden", name !== "test");
    $("cat-editor").classList.toggle("hidden", name !== "cat");
    $("cat-start").classList.toggle("hidden", name !== "cat");
  }
  async function loadExample(value) {
    if (!value) { return; }
    const [group, name] = value.split("/");
    const e = await getJson("api/examples/" + group + "/" + name);
    state.loading = true;
    try {
      setExample(name, e.text);
    } finally {
      state.loading = false;
    }
    if (!name.endsWith(".cat")) {
      await runCheck();
    }
  }
  /** The results of compare, robustness and simulation are of the text they ran on: gone when it changes. */
  function clearAnalyses() {
    ["compare-result", "robust-result", "simulate-result"].forEach(id => $(id).classList.add("hidden"));
  }
  function setExample(name, text) {
    clearAnalyses();
    if (name.endsWith(".cat")) {
      state.catName = name;
      catEditor.set(text);
      $("model").value = "custom";
      selectTab("cat");
    } else {
      state.testName = name;
      testEditor.set(text);
      selectTab("test");
    }
  }
  function onEdit() {
    if (state.loading) { return; }
    clearAnalyses();
    if (!$("live").checked) { return; }
    clearTimeout(state.liveTimer);
    state.liveTimer = setTimeout(() => { cancelRun(); runCheck(); }, 700);
  }
  async function cancelRun() {
    if (state.run) {
      await fetch("api/cancel", {method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify({run: state.run})});
    }
  }

  async function init() {
    const limits = await getJson("api/limits");
    state.models = limits.models;
    $("limits").textContent = "limits per request: " + Math.round(limits.maxInputBytes / 1024) + " KiB input · "
      + limits.timeLimitSeconds + " s · " + limits.memoryBudgetMiB + " MiB allocated · " + limits.maxRuns + " at once";
    const options = ["<option value=\"\">default for the test</option>"].concat(limits.models.map(m => "<option value=\"" + m + "\">" + m + "</option>"))
      .concat(["<option value=\"custom\">custom: the Model (.cat) tab</option>"]);
    $("model").innerHTML = options.join("");
    $("compare-model").innerHTML = options.slice(1).join("");
    $("compare-model").value = "rdma-sc-rmw";
    $("cat-base").innerHTML = "<option value=\"\">(choose a bundled model)</option>" + limits.models.map(m => "<option value=\"" + m + "\">" + m + "</option>").join("");
    const ex = await getJson("api/examples");
    const groups = {};
    for (const e of ex.examples) { (groups[e.group] = groups[e.group] || []).push(e); }
    $("example").innerHTML = "<option value=\"\">(choose)</option>" + Object.keys(groups).map(g => "<optgroup label=\"" + esc(g) + "\">"
      + groups[g].map(e => "<option value=\"" + esc(e.group + "/" + e.name) + "\" title=\"" + esc(e.title) + "\">"
      + esc(e.name.replace(/\.(litmus|cat)$/, "")) + (e.title ? " — " + esc(e.title.slice(0, 50)) : "") + "</option>").join("")
      + "</optgroup>").join("");
    $("example").addEventListener("change", e => loadExample(e.target.value));
    $("run").addEventListener("click", runCheck);
    $("compare").addEventListener("click", runCompare);
    $("robust").addEventListener("click", runRobust);
    $("simulate").addEventListener("click", runSimulate);
    $("cancel").addEventListener("click", cancelRun);
    $("model").addEventListener("change", () => { if ($("model").value === "custom") { selectTab("cat"); } runCheck(); });
    $("show-forbidden").addEventListener("change", runCheck);
    $("exec-first").addEventListener("click", () => { state.index = 0; showExecution(); });
    $("exec-prev").addEventListener("click", () => { state.index = Math.max(0, state.index - 1); showExecution(); });
    $("exec-next").addEventListener("click", () => { state.index = Math.min(state.graphs.length - 1, state.index + 1); showExecution(); });
    document.querySelectorAll(".tab").forEach(t => t.addEventListener("click", () => selectTab(t.dataset.tab)));
    $("cat-base").addEventListener("change", async e => {
      if (!e.target.value) { return; }
      const m = await getJson("api/models/" + e.target.value);
      state.catName = "my-" + m.name + ".cat";
      catEditor.set(m.text);
      $("model").value = "custom";
    });
    $("upload").addEventListener("change", e => {
      const file = e.target.files[0];
      if (!file) { return; }
      file.text().then(text => {
        if (file.name.endsWith(".cat")) {
          state.catName = file.name; catEditor.set(text); $("model").value = "custom"; selectTab("cat");
        } else {
          state.testName = file.name; testEditor.set(text); selectTab("test");
        }
      });
    });
    document.addEventListener("keydown", e => { if (e.ctrlKey && e.key === "Enter") { e.preventDefault(); runCheck(); } });
    $("example").value = "suite/L07.litmus";
    await loadExample("suite/L07.litmus");
    document.body.dataset.ready = "true";
  }
  init().catch(e => status("cannot start the page: " + e.message));
})();

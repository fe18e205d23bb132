// The engine's core tests under Pyodide, in Node, offline: what a JupyterLite kernel runs in a browser.
//
//   node tests/pyodide/run_core_tests.mjs PYODIDE_DIR WHEELS_DIR TESTS_DIR FILE... [--deselect=FILE::TEST]...
//
// PYODIDE_DIR holds npm's `pyodide` package (pyodide.mjs and its wasm); WHEELS_DIR the wheels to install
// with micropip (the kit's own, lark, pytest and its dependencies, micropip itself): nothing is fetched.
// The test files (paths relative to TESTS_DIR) are copied into Pyodide's in-memory file system, so the kit
// can only come from its wheel, and run with pytest. Prints pytest's report and a last line
// "pyodide: N passed, N failed"; exits 1 if any test failed or errored, or none ran.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, wheelsDir, testsDir, ...rest] = process.argv.slice(2);
// --deselect=FILE::TEST arguments (FILE relative to TESTS_DIR) go to pytest as they are; the rest are test files.
const deselect = rest.filter((arg) => arg.startsWith("--deselect="));
const files = rest.filter((arg) => !arg.startsWith("--"));
if (!pyodideDir || !wheelsDir || !testsDir || files.length === 0) {
  console.error("usage: node run_core_tests.mjs PYODIDE_DIR WHEELS_DIR TESTS_DIR FILE...");
  process.exit(2);
}
const started = Date.now();
const { loadPyodide } = await import(pathToFileURL(join(resolve(pyodideDir), "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: resolve(pyodideDir) + "/" });
const wheels = readdirSync(wheelsDir).filter((name) => name.endsWith(".whl"));

// micropip is a Pyodide package: loaded from its wheel file, not from Pyodide's CDN.
const micropip = wheels.find((name) => name.startsWith("micropip-"));
if (!micropip) {
  console.error(`pyodide: no micropip wheel in ${wheelsDir}`);
  process.exit(2);
}
await pyodide.loadPackage(pathToFileURL(join(resolve(wheelsDir), micropip)).href);
pyodide.FS.mkdirTree("/wheels");
for (const name of wheels.filter((name) => name !== micropip)) {
  pyodide.FS.writeFile(`/wheels/${name}`, readFileSync(join(wheelsDir, name)));
}
for (const file of files) {
  pyodide.FS.mkdirTree(dirname(`/tests/${file}`));
  pyodide.FS.writeFile(`/tests/${file}`, readFileSync(join(testsDir, file)));
}
const loaded = Date.now();

pyodide.globals.set("test_args", pyodide.toPy([...files.map((file) => `/tests/${file}`), ...deselect]));
const [passed, failed, exitCode] = (
  await pyodide.runPythonAsync(`
import os, sys
import micropip

# deps=False: every wheel is here, and micropip must not look for anything on the network.
await micropip.install(["emfs:/wheels/" + name for name in sorted(os.listdir("/wheels"))], deps=False)

import eleusis_lab
assert eleusis_lab.__file__.startswith(sys.prefix), eleusis_lab.__file__  # the wheel, not a source tree

import pytest

class Count:
    passed = failed = 0

    def pytest_runtest_logreport(self, report):
        if report.passed and report.when == "call":
            Count.passed += 1
        elif report.failed:
            Count.failed += 1

    def pytest_collectreport(self, report):
        if report.failed:  # a test file that does not import counts as a failure
            Count.failed += 1

os.chdir("/tests")
code = pytest.main(["-q", "-p", "no:cacheprovider", "-p", "no:faulthandler", *test_args], plugins=[Count()])
(Count.passed, Count.failed, int(code))
`)
).toJs();
const seconds = (ms) => (ms / 1000).toFixed(1);
console.log(
  `pyodide ${pyodide.version} (Python ${pyodide.runPython("import sys; sys.version.split()[0]")}): ` +
    `loaded in ${seconds(loaded - started)} s, tests run in ${seconds(Date.now() - loaded)} s`,
);
console.log(`pyodide: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 && exitCode === 0 ? 0 : 1);

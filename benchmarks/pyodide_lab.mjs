// Runs benchmarks/simulation_lab.py --inner under Pyodide in Node: one Run All of the simulation
// lab; prints as JSON on its last line the CPU seconds of each cell ("cells", Node's), the CPU
// seconds of this process over the whole run ("cpu") and its wall-clock seconds ("wall").
//     node benchmarks/pyodide_lab.mjs PYODIDE_DIR PROJECT_ROOT
import path from "node:path";
import { pathToFileURL } from "node:url";

const [directory, root] = process.argv.slice(2).map((p) => path.resolve(p));
const { loadPyodide } = await import(pathToFileURL(path.join(directory, "pyodide.mjs")).href);
const printed = [];
const pyodide = await loadPyodide({ indexURL: directory + path.sep, stdout: (line) => printed.push(line) });
pyodide.FS.mkdirTree("/project");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root }, "/project");
const before = process.cpuUsage();
pyodide.runPython(`
import runpy, sys
sys.path.insert(0, "/project")
sys.argv = ["simulation_lab.py", "--inner"]
runpy.run_path("/project/benchmarks/simulation_lab.py", run_name="__main__")
`);
const used = process.cpuUsage(before);
const result = JSON.parse(printed[printed.length - 1]);
result.cpu = (used.user + used.system) / 1e6;
console.log(JSON.stringify(result));

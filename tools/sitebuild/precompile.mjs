// Compile the modules a lesson's kernel imports at start to bytecode, with the site's own Pyodide
// run in Node: `node precompile.mjs <pyodide folder> <jobs.json>`. tools/sitebuild/pyc.py writes
// the jobs and reads the results:
//   {"wheels": [{"source": wheel, "target": wheel, "keep_source": bool}, ...], "imports": [module, ...]}
// Every wheel is installed, the modules named are imported (what fails to import in Node, with no
// browser around it, stops only its own line), and each module that was imported is compiled in
// its wheel; the others stay as they are. Python's own bytecode of this very runtime: its magic
// number and cache tag are the browser's.
import { readFileSync, writeFileSync } from "node:fs";

const [folder, jobsFile] = process.argv.slice(2);
const jobs = JSON.parse(readFileSync(jobsFile, "utf-8"));
const { loadPyodide } = await import(`${folder}/pyodide.mjs`);
const pyodide = await loadPyodide({ indexURL: `${folder}/` });
pyodide.runPython(`
import importlib, importlib.util, marshal, os, sys, zipfile

SITE = f"/lib/python{sys.version_info.major}.{sys.version_info.minor}/site-packages/"

def _module(name):
    return name.endswith(".py") and not name.split("/")[0].endswith((".dist-info", ".data"))

def install(source):
    with zipfile.ZipFile(source) as wheel:
        wheel.extractall(SITE)

def imported(modules):
    """The files (relative to site-packages) of every module loaded while importing these."""
    for name in modules:
        try:
            importlib.import_module(name)
        except BaseException as error:  # no browser here: what needs one fails, and is left as source
            print(f"precompile: import {name} stopped: {error!r}", file=sys.stderr)
    found = set()
    for module in list(sys.modules.values()):
        path = getattr(module, "__file__", None) or ""
        if path.startswith(SITE) and path.endswith(".py"):
            found.add(path[len(SITE):])
    return found

def compile_wheel(source, target, keep_source, hot):
    """Each module of hot as bytecode: beside its source in __pycache__ (checked by nothing, so
    never compiled again) when keep_source, else in its place (as Pyodide ships its own packages)."""
    with zipfile.ZipFile(source) as zin, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as zout:
        for info in zin.infolist():
            data = zin.read(info)
            name = info.filename
            if not _module(name) or name not in hot:
                zout.writestr(info, data)
                continue
            body = marshal.dumps(compile(data, SITE + name, "exec", dont_inherit=True))
            if keep_source:
                zout.writestr(info, data)
                folder, _, module = name.rpartition("/")
                cached = (folder + "/" if folder else "") + "__pycache__/" + module[:-3] + "." + sys.implementation.cache_tag + ".pyc"
                header = importlib.util.MAGIC_NUMBER + (1).to_bytes(4, "little") + importlib.util.source_hash(data)
                entry = zipfile.ZipInfo(cached, date_time=info.date_time)
            else:
                header = importlib.util.MAGIC_NUMBER + bytes(12)
                entry = zipfile.ZipInfo(name + "c", date_time=info.date_time)
            entry.compress_type = zipfile.ZIP_DEFLATED
            entry.external_attr = info.external_attr
            zout.writestr(entry, header + body)
`);
for (const [i, job] of jobs.wheels.entries()) {
  pyodide.FS.writeFile(`/tmp/${i}.whl`, readFileSync(job.source));
  pyodide.globals.get("install")(`/tmp/${i}.whl`);
}
const hot = pyodide.globals.get("imported")(pyodide.toPy(jobs.imports));
for (const [i, job] of jobs.wheels.entries()) {
  pyodide.globals.get("compile_wheel")(`/tmp/${i}.whl`, "/tmp/target.whl", job.keep_source, hot);
  writeFileSync(job.target, pyodide.FS.readFile("/tmp/target.whl"));
}

#!/usr/bin/python3
"""Runs one lttng-analyses 0.6.1 command (its LAMI "-mi" form) on a kernel trace and prints its result, one JSON line:
the reference for LTTbench's drop-ins (`lttbench lami cputop|syscallstats|...`).

Usage: /usr/bin/python3 lttng_analyses.py COMMAND TRACE_DIR
  COMMAND: cputop, syscallstats, irqstats, schedstats, iolatencystats, iolatencytop or iousagetop
  prints {"version": ..., "results": [...]} (lttng-analyses' result object with its version), or
  {"version": ..., "error-message": ...} when lttng-analyses cannot read the trace (exit status 0: an answer to test);
  exit status 2 and the reason on stderr when lttng-analyses is not installed.
  --version alone prints the installed version (the reference's, for the tests' kept outputs).

Its quirks (../shared/BUILD-NOTES.md): it predates Python 3.10's removal of the collections aliases; it reads the
tracer's version only from a directory named `kernel` on the trace's path, which it does not find through a symbolic
link, so the trace is copied to a temporary NAME/kernel/; it refuses streams that begin at different times unless
given --no-intersection (kernel-tracefile-rotation).
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

INSTALL = ("lttng-analyses 0.6.1 is not installed for /usr/bin/python3: apt-get install python3-babeltrace babeltrace "
           "&& /usr/bin/python3 -m pip install --break-system-packages lttnganalyses==0.6.1 (what .ci/run does)")

# command -> (module of lttnganalyses.cli, its -mi entry point, arguments)
COMMANDS = {
    "cputop": ("cputop", "run_mi", ["--limit", "1000000"]),
    "syscallstats": ("syscallstats", "run_mi", []),
    "irqstats": ("irq", "runstats_mi", []),
    "schedstats": ("sched", "runstats_mi", ["--per-tid", "--per-prio", "--total"]),
    "iolatencystats": ("io", "runstats_mi", []),
    "iolatencytop": ("io", "runlatencytop_mi", ["--limit", "1000000"]),
    "iousagetop": ("io", "runusage_mi", ["--limit", "1000000"]),
}


def version():
    from importlib import metadata
    return metadata.version("lttnganalyses")


# lttng-analyses' -mi script, run in a process of its own (it writes to the real standard output's encoding)
SCRIPT = """
import collections, collections.abc, importlib, sys
collections.Mapping = collections.abc.Mapping
collections.MutableMapping = collections.abc.MutableMapping
module, entry = sys.argv[1], sys.argv[2]
sys.argv = sys.argv[3:]
getattr(importlib.import_module("lttnganalyses.cli." + module), entry)()
"""


def run(command, kernel_dir, extra):
    """What the command printed and its exit status."""
    module, entry, args = COMMANDS[command]
    argv = ["lttng-" + command + "-mi"] + args + extra + [kernel_dir]
    out = subprocess.run([sys.executable, "-c", SCRIPT, module, entry] + argv, capture_output=True, text=True)
    return out.stdout + out.stderr, out.returncode


def main():
    try:
        v = version()
    except Exception:  # not installed
        sys.stderr.write(INSTALL + "\n")
        return 2
    if sys.argv[1:] == ["--version"]:
        print(v)
        return 0
    command, trace = sys.argv[1], sys.argv[2]
    with tempfile.TemporaryDirectory() as tmp:
        kernel = os.path.join(tmp, os.path.basename(os.path.normpath(trace)), "kernel")
        shutil.copytree(trace, kernel)
        text, status = run(command, kernel, [])
        if "Use --no-intersection" in text:
            text, status = run(command, kernel, ["--no-intersection"])
    lines = [line for line in text.splitlines() if line.startswith("{")]
    result = json.loads(lines[-1]) if lines else {"error-message": text.strip()[-500:] or "exit %d" % status}
    if status != 0 and "error-message" not in result:
        result = {"error-message": "exit %d: %s" % (status, text.strip()[-500:])}
    result["version"] = v
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())

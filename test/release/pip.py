"""test/release/pip.py VERSION WHEEL_DIR OLD_WHEEL_DIR -- pip install
sqlite-urn by name from a package index on 127.0.0.1, as a Python user
installs it from PyPI.

The wheels of WHEEL_DIR (make wheel's, VERSION) and of OLD_WHEEL_DIR (an
older release's stand-in, OLD_VERSION below) are laid out as a PEP 503
simple repository (simple/index.html, simple/sqlite-urn/index.html, each
file linked with its #sha256=), served by `python3 -m http.server` bound to
127.0.0.1 on a port the system chooses, stopped by its PID at the end.
In a fresh venv:
  1. pip install sqlite-urn==OLD_VERSION by name (--index-url), then
     pip install --upgrade sqlite-urn moves it to VERSION, and no file of
     the old one is left in site-packages;
  2. a second fresh venv: pip install sqlite-urn (the newest) by name;
  3. docs/loading.md's Python example runs in it and prints what its
     "# →" lines say;
  4. pip uninstall leaves no sqlite_urn file behind.
Ends with "pip: N passed, N failed"; exits 1 when anything failed.
"""
import hashlib
import os
import re
import shutil
import subprocess
import sys
import tempfile

TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OLD_VERSION = "0.0.9"
passed = failed = 0


def check(name, ok, got=""):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        print("! %s: got %s" % (name, str(got)[-2000:]))


def run(*cmd, **kw):
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       encoding="utf-8", **kw)
    return p.returncode, p.stdout


def simple_index(root, wheels):
    """PEP 503: /simple/ lists the project, /simple/sqlite-urn/ its files."""
    proj = os.path.join(root, "simple", "sqlite-urn")
    os.makedirs(proj)
    links = []
    for w in sorted(wheels):
        name = os.path.basename(w)
        shutil.copy(w, os.path.join(proj, name))
        with open(w, "rb") as f:
            digest = hashlib.sha256(f.read()).hexdigest()
        links.append('<a href="%s#sha256=%s">%s</a><br/>' % (name, digest, name))
    with open(os.path.join(root, "simple", "index.html"), "w", encoding="utf-8") as f:
        f.write('<!DOCTYPE html>\n<html><body>\n<a href="sqlite-urn/">sqlite-urn</a>\n</body></html>\n')
    with open(os.path.join(proj, "index.html"), "w", encoding="utf-8") as f:
        f.write("<!DOCTYPE html>\n<html><body>\n%s\n</body></html>\n" % "\n".join(links))


def serve(root):
    """python3 -m http.server on 127.0.0.1, port chosen by the system."""
    p = subprocess.Popen([sys.executable, "-u", "-m", "http.server", "0", "--bind", "127.0.0.1",
                          "--directory", root], stdout=subprocess.PIPE,
                         stderr=subprocess.DEVNULL, encoding="utf-8")
    line = p.stdout.readline()
    m = re.search(r"port (\d+)", line)
    if not m:
        p.kill()
        sys.exit("pip.py: http.server did not start: " + line)
    return p, int(m.group(1))


def venv(d):
    rc, out = run(sys.executable, "-m", "venv", d)
    check("venv " + d, rc == 0, out)
    return os.path.join(d, "bin", "python")


def site_files(py):
    rc, out = run(py, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])")
    sp = out.strip()
    found = []
    for base, _, files in os.walk(sp):
        for f in files:
            rel = os.path.relpath(os.path.join(base, f), sp)
            if rel.startswith("sqlite_urn"):
                found.append(rel)
    return sorted(found)


def docs_example():
    """The first python block of docs/loading.md's "Python" section, and
    the lines its "# →" comments say it prints."""
    with open(os.path.join(TOP, "docs", "loading.md"), encoding="utf-8") as f:
        text = f.read()
    sec = text[text.index("### Python"):]
    m = re.search(r"```python\n(.*?)```", sec, re.S)
    code = m.group(1)
    want = [l[len("# → "):] for l in code.splitlines() if l.startswith("# → ")]
    return code, want


def main():
    version, wheel_dir, old_dir = sys.argv[1:4]
    wheels = [os.path.join(d, w) for d in (wheel_dir, old_dir) for w in os.listdir(d)
              if w.startswith("sqlite_urn-") and w.endswith(".whl")]
    check("wheels of both versions", any("-%s-" % version in w for w in wheels)
          and any("-%s-" % OLD_VERSION in w for w in wheels), wheels)
    tmp = tempfile.mkdtemp(prefix="urn-pip-")
    server = None
    try:
        simple_index(os.path.join(tmp, "index"), wheels)
        server, port = serve(os.path.join(tmp, "index"))
        url = "http://127.0.0.1:%d/simple/" % port
        env = dict(os.environ, PIP_DISABLE_PIP_VERSION_CHECK="1", PIP_NO_CACHE_DIR="1",
                   PIP_CONFIG_FILE=os.devnull)
        pip = lambda py, *a: run(py, "-m", "pip", *a, "--index-url", url, env=env)

        # 1. The old release by name, then the upgrade.
        py = venv(os.path.join(tmp, "v1"))
        rc, out = pip(py, "install", "sqlite-urn==" + OLD_VERSION)
        check("1.1 pip install sqlite-urn==%s" % OLD_VERSION, rc == 0, out)
        rc, out = run(py, "-c", "import sqlite_urn; print(sqlite_urn.__version__)")
        check("1.2 the old release is installed", out.strip() == OLD_VERSION, out)
        old_files = site_files(py)
        rc, out = pip(py, "install", "--upgrade", "sqlite-urn")
        check("1.3 pip install --upgrade sqlite-urn", rc == 0 and
              ("Successfully installed sqlite-urn-" + version) in out, out)
        rc, out = run(py, "-c", "import sqlite3, sqlite_urn; db = sqlite3.connect(':memory:'); "
                      "sqlite_urn.load(db); print(sqlite_urn.__version__, "
                      "db.execute('SELECT urn_version()').fetchone()[0])")
        check("1.4 upgraded: __version__ and urn_version() are %s" % version,
              out.strip() == "%s %s" % (version, version), out)
        new_files = site_files(py)
        check("1.5 no file of %s is left" % OLD_VERSION, bool(old_files) and
              not [f for f in new_files if OLD_VERSION in f], (old_files, new_files))

        # 2. A fresh venv, install by name, the documented example.
        py = venv(os.path.join(tmp, "v2"))
        rc, out = pip(py, "install", "sqlite-urn")
        check("2.1 pip install sqlite-urn", rc == 0 and
              ("Successfully installed sqlite-urn-" + version) in out, out)
        rc, out = run(py, "-m", "pip", "download", "--no-deps", "-d", os.path.join(tmp, "dl"),
                      "sqlite-urn", "--index-url", url, env=env)
        check("2.2 pip verifies the index's sha256 and fetches the newest",
              rc == 0 and ("sqlite_urn-%s-" % version) in out, out)
        code, want = docs_example()
        rc, out = run(py, "-c", code, cwd=tmp)
        check("3.1 docs/loading.md's Python example runs", rc == 0, out)
        check("3.2 it prints what its # → lines say", out.splitlines() == want, (out, want))

        # 4. Uninstall leaves nothing.
        rc, out = run(py, "-m", "pip", "uninstall", "-y", "sqlite-urn", env=env)
        check("4.1 pip uninstall sqlite-urn", rc == 0, out)
        check("4.2 no sqlite_urn file is left", site_files(py) == [], site_files(py))
    finally:
        if server:
            server.terminate()
            server.wait(timeout=10)
        shutil.rmtree(tmp, ignore_errors=True)
    print("pip: %d passed, %d failed" % (passed, failed))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()

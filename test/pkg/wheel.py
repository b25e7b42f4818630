"""test/pkg/wheel.py VERSION LIB... -- make wheel's test, run by Debian's
/usr/bin/python3 after the wheels are built: one wheel in dist/ per platform
library LIB, each with a true tag; the one for this machine installed into
a fresh venv by the README's own Install commands and loaded for real (the
three checks, the path form, extension loading off afterwards, the error of
an interpreter that cannot load extensions); the same through APSW; the
README's and the manual's Python examples that import sqlite_urn, run in
that venv.  Prints "ok - NAME" or "FAILED - NAME: why" per check and ends
with "wheel: N passed, N failed".
"""
import glob
import hashlib
import os
import re
import shutil
import struct
import subprocess
import sys
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(os.path.dirname(HERE))
VERSION, LIBS = sys.argv[1], sys.argv[2:]
WORK = os.path.join(TOP, "build", "pkgtest", "wheel")
npass = nfail = 0


def check(name, ok, why=""):
    global npass, nfail
    if ok:
        npass += 1
        print("ok - " + name)
    else:
        nfail += 1
        print("FAILED - %s: %s" % (name, why))


def run(cmd, **kw):
    """(exit status, output) of cmd, stdout and stderr together."""
    r = subprocess.run(cmd, text=True, encoding="utf-8", errors="replace", stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, **kw)
    return r.returncode, r.stdout


def sha256(data):
    return hashlib.sha256(data).hexdigest()


def true_tag_problem(tag, lib, data):
    """Why tag is not true of the library lib (bytes data), or ''.  Read with
    readelf, not with the objdump that build_wheel.py used."""
    m = re.fullmatch(r"manylinux_(\d+)_(\d+)_(\w+)", tag)
    if m:
        major, minor, arch = int(m.group(1)), int(m.group(2)), m.group(3)
        _, head = run(["readelf", "-h", lib])
        machine = {"x86_64": "Advanced Micro Devices X86-64", "aarch64": "AArch64"}.get(arch)
        if not machine or machine not in head:
            return "readelf -h says %r" % re.findall(r"Machine:\s*(.*)", head)
        _, info = run(["readelf", "--version-info", "--wide", lib])
        vers = [(int(a), int(b)) for a, b in re.findall(r"Name: GLIBC_(\d+)\.(\d+)", info)]
        need = max(vers + [(2, 17)])
        if need != (major, minor):
            return "needs glibc %d.%d, tag says %d.%d" % (need + (major, minor))
        _, dyn = run(["readelf", "-d", lib])
        other = set(re.findall(r"\(NEEDED\).*\[(.*)\]", dyn)) - {"libc.so.6", "libm.so.6"}
        return "needs %s" % other if other else ""
    if tag == "win_amd64":
        pe = struct.unpack_from("<I", data, 0x3C)[0]
        ok = data[pe:pe + 4] == b"PE\0\0" and struct.unpack_from("<H", data, pe + 4)[0] == 0x8664
        return "" if ok else "not an x86-64 PE file"
    return "unknown tag"


def install_blocks():
    """The ```sh blocks of the README's Install section that pip install:
    each is run whole, as a user pastes it (the venv, then pip)."""
    text = open(os.path.join(TOP, "README.md"), encoding="utf-8").read()
    m = re.search(r"^## Install\n(.*?)(?=^## )", text, re.M | re.S)
    if not m:
        return []
    # The block's first line, "make wheel", is the target that runs this test.
    return [re.sub(r"^\s*make\b.*\n", "", block, flags=re.M)
            for block in re.findall(r"^```sh\n(.*?)^```", m.group(1), re.M | re.S)
            if re.search(r"^\s*pip3? install ", block, re.M)]


def package_examples():
    """(page:line, body, expected lines) of each ```python block of the README
    and the manual that imports sqlite_urn (the conventions of readme.test),
    but those marked "<!-- host: FILE -->": the host matrix's programs, which
    make hosts runs whole."""
    pages = [os.path.join(TOP, "README.md")] + sorted(glob.glob(os.path.join(TOP, "docs", "*.md")))
    out = []
    for page in pages:
        lines = open(page, encoding="utf-8").read().split("\n")
        i = 0
        while i < len(lines):
            if lines[i].strip() == "```python" and not (i > 0 and lines[i - 1].startswith("<!-- host: ")):
                j = i + 1
                while j < len(lines) and lines[j].strip() != "```":
                    j += 1
                body = lines[i + 1:j]
                if any(re.match(r"\s*import sqlite_urn|\s*from sqlite_urn", l) for l in body):
                    want = [m.group(1) for l in body for m in [re.match(r"\s*# → (.*)$", l)] if m]
                    out.append(("%s:%d" % (os.path.basename(page), i + 1), body, want))
                i = j
            i += 1
    return out


def venv(name, *options):
    """A fresh venv under WORK, made by /usr/bin/python3; its bin/."""
    d = os.path.join(WORK, name)
    rc, out = run([sys.executable, "-m", "venv", *options, d])
    check("venv %s" % name, rc == 0, out)
    return os.path.join(d, "bin")


def in_venv(bindir, cmd, **kw):
    env = dict(os.environ, PATH=bindir + os.pathsep + os.environ["PATH"],
               VIRTUAL_ENV=os.path.dirname(bindir), PIP_DISABLE_PIP_VERSION_CHECK="1")
    env.pop("PYTHONPATH", None)
    return run(cmd, env=env, cwd=WORK, **kw)


def child_checks(bindir, mode):
    """wheel_checks.py MODE in the venv: count its ok/FAILED lines."""
    global npass, nfail
    rc, out = in_venv(bindir, [os.path.join(bindir, "python"),
                               os.path.join(HERE, "wheel_checks.py"), mode, VERSION])
    for line in out.splitlines():
        print(line)
        if line.startswith("ok - "):
            npass += 1
        elif line.startswith("FAILED - "):
            nfail += 1
    if rc != 0 and "FAILED - " not in out:
        check("wheel_checks.py %s" % mode, False, "exit %d" % rc)


shutil.rmtree(WORK, ignore_errors=True)
os.makedirs(WORK)
# The README's commands name dist/ as a user in the clone would.
os.symlink(os.path.join(TOP, "dist"), os.path.join(WORK, "dist"))

# 1. One wheel per platform library, its tag true, its library that one.
wheels = sorted(glob.glob(os.path.join(TOP, "dist", "sqlite_urn-%s-*.whl" % VERSION)))
check("one wheel per platform library", len(wheels) == len(LIBS),
      "%d wheels, %d libraries" % (len(wheels), len(LIBS)))
libsums = {sha256(open(l, "rb").read()): l for l in LIBS}
native = None
for whl in wheels:
    name = os.path.basename(whl)
    m = re.fullmatch(r"sqlite_urn-%s-py3-none-(\w+)\.whl" % re.escape(VERSION), name)
    check("%s: name is sqlite_urn-VERSION-py3-none-PLATFORM.whl" % name, m is not None)
    if not m:
        continue
    tag = m.group(1)
    with zipfile.ZipFile(whl) as z:
        meta = z.read("sqlite_urn-%s.dist-info/WHEEL" % VERSION).decode()
        libname = "sqlite_urn/urn.dll" if tag.startswith("win") else "sqlite_urn/urn.so"
        data = z.read(libname) if libname in z.namelist() else b""
        bad = z.testzip()
    check("%s: WHEEL says Root-Is-Purelib: false and Tag: py3-none-%s" % (name, tag),
          "Root-Is-Purelib: false" in meta and re.search(r"^Tag: py3-none-%s$" % tag, meta, re.M),
          meta)
    check("%s: zip intact" % name, bad is None, bad)
    lib = libsums.get(sha256(data))
    check("%s: holds %s, byte for byte a platform library" % (name, libname), lib is not None)
    if lib:
        why = true_tag_problem(tag, lib, data)
        check("%s: tag %s is true of %s (readelf, PE header)" % (name, tag, lib), not why, why)
    # pip, asked for that platform, takes exactly this wheel.
    dl = os.path.join(WORK, "pick-" + tag)
    rc, out = run([sys.executable, "-m", "pip", "download", "--disable-pip-version-check",
                   "--no-index", "--find-links", os.path.join(TOP, "dist"), "--no-deps",
                   "--only-binary=:all:", "--platform", tag, "-d", dl, "sqlite-urn==" + VERSION])
    got = os.listdir(dl) if os.path.isdir(dl) else []
    check("%s: pip picks it for --platform %s" % (name, tag), rc == 0 and got == [name],
          "%s %s" % (got, out[-300:]))
    if tag.endswith("_" + os.uname().machine) and tag.startswith("manylinux"):
        native = name
check("a wheel for this machine (%s)" % os.uname().machine, native is not None)

# 2. The README's Install commands, word for word in WORK (a user's clone:
# dist/ beside it): they make the venv .venv themselves and pip install into
# it (Debian's and Ubuntu's python3 refuse a pip install outside a venv,
# PEP 668).  Then the checks in that venv.
blocks = install_blocks()
check("the README's Install section has a pip install block", len(blocks) > 0)
for block in blocks:
    env = {k: v for k, v in os.environ.items() if k not in ("VIRTUAL_ENV", "PYTHONPATH")}
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    # Their python3 is Debian's, the one this test runs under (a pyenv
    # python3 first on PATH could not load extensions: step 5 shows that).
    env["PATH"] = os.path.dirname(sys.executable) + os.pathsep + env["PATH"]
    rc, out = run(["bash", "-ec", block], env=env, cwd=WORK)
    check("README: %s" % " && ".join(l.strip() for l in block.splitlines() if l.strip()),
          rc == 0, out[-600:])
bindir = os.path.join(WORK, ".venv", "bin")
check("the README's commands make the venv .venv", os.path.isfile(os.path.join(bindir, "python")),
      "no %s/python" % bindir)
rc, out = in_venv(bindir, ["pip", "show", "sqlite-urn"])
check("pip show sqlite-urn: Version %s" % VERSION, re.search(r"^Version: %s$" % re.escape(VERSION), out, re.M), out)
child_checks(bindir, "sqlite3")

# 3. The package examples of the README and the manual, in that venv.
examples = package_examples()
check("the README and the manual show sqlite_urn examples", len(examples) > 0)
for where, body, want in examples:
    f = os.path.join(WORK, "example_%s.py" % re.sub(r"\W", "_", where))
    with open(f, "w", encoding="utf-8") as fd:
        fd.write("\n".join(body) + "\n")
    rc, out = in_venv(bindir, [os.path.join(bindir, "python"), f])
    got = out.rstrip("\n").split("\n")
    check("example %s" % where, rc == 0 and got == want, "want %s, got %s" % (want, got))

# 4. APSW (Debian's python3-apsw): a venv that sees the system's packages.
bindir = venv("venv-apsw", "--system-site-packages")
rc, out = in_venv(bindir, ["pip", "install", "--no-index", "--find-links", "dist", "sqlite-urn"])
check("pip install into the APSW venv", rc == 0, out[-600:])
child_checks(bindir, "apsw")

# 5. An interpreter on PATH whose sqlite3 cannot load extensions (pyenv's
# default build), when there is one: the error it gets.
probe = 'import sqlite3; print(hasattr(sqlite3.connect(":memory:"), "enable_load_extension"))'
noload = None
for cand in ("python3", "python"):
    exe = shutil.which(cand)
    if exe and os.path.realpath(exe) != os.path.realpath(sys.executable):
        rc, out = run([exe, "-c", probe])
        if rc == 0 and out.strip() == "False":
            noload = exe
            break
if noload is None:
    # Not a failure and nothing to fix: most machines have no such python3.
    print("  (the checks of load()'s message under a python3 that cannot load extensions, such as pyenv's"
          " default build, did not run: no such python3 on PATH; nothing to fix)")
else:
    d = os.path.join(WORK, "venv-noload")
    rc, out = run([noload, "-m", "venv", d])
    check("venv with %s" % noload, rc == 0, out)
    bindir = os.path.join(d, "bin")
    rc, out = in_venv(bindir, ["pip", "install", "--no-index", "--find-links", "dist", "sqlite-urn"])
    check("pip install into the %s venv" % noload, rc == 0, out[-600:])
    child_checks(bindir, "noload")

print("wheel: %d passed, %d failed" % (npass, nfail))
sys.exit(1 if nfail else 0)

"""build_wheel.py LIB VERSION OUTDIR -- the wheel of sqlite-urn for the
platform LIB was built for: dist/sqlite_urn-VERSION-py3-none-TAG.whl.

TAG is read off the library itself, so that it is true:
- an ELF library gets manylinux_X_Y_ARCH, where ARCH is the ELF machine and
  X.Y the highest GLIBC_X.Y symbol version it needs (objdump -T), at least
  2.17 (manylinux2014, the oldest tag pip and auditwheel know for aarch64);
  a library that needs anything but glibc's own libraries and symbol
  versions gets no wheel: its tag could not be stated (PEP 600);
- a PE DLL gets win_amd64 (or win_arm64, win32) from its COFF machine.

The package directory (pkg/python) is staged under build/wheel/TAG/ with
the library, sqlite_urn/_version.py and a setup.cfg naming TAG, then built
offline: pip wheel --no-build-isolation --no-index, with Debian's
setuptools and wheel.  Run with the Python whose pip builds (make wheel:
/usr/bin/python3).  Prints the wheel's path.
"""
import os
import re
import shutil
import struct
import subprocess
import sys
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(os.path.dirname(HERE))

# PEP 600: the libraries a manylinux wheel may expect of the system, and the
# oldest glibc its tags may name.
MANYLINUX_LIBS = {"libc.so.6", "libm.so.6", "libdl.so.2", "libpthread.so.0",
                  "librt.so.1", "libutil.so.1", "libresolv.so.2"}
MANYLINUX_FLOOR = (2, 17)
ELF_ARCH = {62: "x86_64", 183: "aarch64", 3: "i686", 40: "armv7l",
            21: "ppc64le", 22: "s390x"}
PE_TAG = {0x8664: "win_amd64", 0xAA64: "win_arm64", 0x14C: "win32"}


def die(msg):
    sys.exit("build_wheel.py: " + msg)


def objdump(*args):
    return subprocess.run(["objdump", *args], check=True, text=True, encoding="utf-8",
                          stdout=subprocess.PIPE).stdout


def elf_tag(lib, head):
    endian = "<" if head[5] == 1 else ">"
    machine = struct.unpack_from(endian + "H", head, 18)[0]
    arch = ELF_ARCH.get(machine)
    if arch is None:
        die("%s: ELF machine %d has no manylinux tag here" % (lib, machine))
    needed = set(re.findall(r"^\s*NEEDED\s+(\S+)", objdump("-p", lib), re.M))
    if needed - MANYLINUX_LIBS:
        die("%s needs %s, which a manylinux wheel cannot expect"
            % (lib, ", ".join(sorted(needed - MANYLINUX_LIBS))))
    glibc = MANYLINUX_FLOOR
    # Each undefined dynamic symbol says its version: "(GLIBC_2.14) memcpy".
    for line in objdump("-T", lib).splitlines():
        if "*UND*" not in line:
            continue
        m = re.search(r"\s\(?([A-Za-z_]+)_(\d+)\.(\d+)(?:\.\d+)?\)?\s+\S+$", line)
        if not m:
            continue          # "Base": an unversioned reference (weak hooks)
        if m.group(1) != "GLIBC":
            die("%s: symbol version %s_%s.%s is not glibc's" % (lib, *m.groups()))
        glibc = max(glibc, (int(m.group(2)), int(m.group(3))))
    return "manylinux_%d_%d_%s" % (glibc[0], glibc[1], arch)


def pe_tag(lib, head):
    pe = struct.unpack_from("<I", head, 0x3C)[0]
    if head[pe:pe + 4] != b"PE\0\0":
        die("%s: not a PE file" % lib)
    machine = struct.unpack_from("<H", head, pe + 4)[0]
    if machine not in PE_TAG:
        die("%s: COFF machine 0x%x has no wheel tag here" % (lib, machine))
    return PE_TAG[machine]


def platform_tag(lib):
    with open(lib, "rb") as f:
        head = f.read(4096)
    if head[:4] == b"\x7fELF":
        return elf_tag(lib, head)
    if head[:2] == b"MZ":
        return pe_tag(lib, head)
    die("%s: neither ELF nor PE" % lib)


def main():
    if len(sys.argv) != 4:
        die("usage: build_wheel.py LIB VERSION OUTDIR")
    lib, version, outdir = sys.argv[1:]
    tag = platform_tag(lib)
    libname = "urn.dll" if tag.startswith("win") else "urn.so"

    stage = os.path.join(TOP, "build", "wheel", tag)
    shutil.rmtree(stage, ignore_errors=True)
    shutil.copytree(HERE, stage, ignore=shutil.ignore_patterns(
        "__pycache__", "*.pyc", "build_wheel.py", "*.egg-info", "build"))
    shutil.copy(os.path.join(TOP, "LICENSE"), stage)
    shutil.copy(lib, os.path.join(stage, "sqlite_urn", libname))
    with open(os.path.join(stage, "sqlite_urn", "_version.py"), "w", encoding="utf-8") as f:
        f.write("# Written by make wheel: urn_version() of the library beside it.\n"
                "__version__ = %r\n" % version)
    with open(os.path.join(stage, "setup.cfg"), "w", encoding="utf-8") as f:
        f.write("[bdist_wheel]\nplat_name = %s\n" % tag)

    os.makedirs(outdir, exist_ok=True)
    want = os.path.join(outdir, "sqlite_urn-%s-py3-none-%s.whl" % (version, tag))
    if os.path.exists(want):
        os.remove(want)
    # Same inputs, same zip: the entries' times come from SOURCE_DATE_EPOCH.
    env = dict(os.environ, SOURCE_DATE_EPOCH=os.environ.get("SOURCE_DATE_EPOCH", "315532800"))
    r = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-build-isolation",
                        "--no-index", "--no-deps", "--disable-pip-version-check",
                        "-w", outdir, stage],
                       env=env, text=True, encoding="utf-8", stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    if r.returncode != 0 or not os.path.exists(want):
        sys.stderr.write(r.stdout)
        die("pip wheel did not write %s" % want)

    with zipfile.ZipFile(want) as z:
        names = set(z.namelist())
        meta = z.read("sqlite_urn-%s.dist-info/WHEEL" % version).decode()
    for need in ("sqlite_urn/__init__.py", "sqlite_urn/_version.py", "sqlite_urn/" + libname):
        if need not in names:
            die("%s lacks %s" % (want, need))
    if "Root-Is-Purelib: false" not in meta or ("Tag: py3-none-%s" % tag) not in meta:
        die("%s: WHEEL says\n%s" % (want, meta))
    print(want)


if __name__ == "__main__":
    main()

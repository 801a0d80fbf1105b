"""Build, smoke-test, pack and check one platform's release files:
``python -m lieng.devtools.release --os linux|windows|macos``.

PyInstaller does not cross-compile, so each platform's files are made on that platform:
here for Linux (``.ci/run``), on hosted runners for Windows and macOS
(``.github/workflows/release.yml``). The workflow calls this very script, so what runs
there is what runs here. For the platform given it

1. builds ``build.spec`` and smoke-tests the result as ``python -m lieng.devtools.build``
   does (a self-test in an empty data folder that must end up holding the settings and
   the bankroll, nothing written anywhere else);
2. packs it: a zip of the ``lieng`` folder (Windows; Linux with a ``.desktop`` entry, the
   icon and a menu-entry script added, plus a ``.deb``), a ``.dmg`` holding ``Lieng.app``
   (macOS; a zip made with ``ditto`` where ``hdiutil`` is missing);
3. checks what it packed the way a player gets it: unpacks each archive (mounts the disk
   image, extracts the ``.deb`` — never installs it) into a temporary folder and runs the
   smoke test again there, so a lost executable bit or symlink fails the release;
4. writes ``SHA256SUMS-<version>-<os>-<arch>.txt``. ``--sums DIR`` then checks those from
   every platform against the files and merges them into one ``SHA256SUMS.txt`` (the
   release job).

``--tag v1.2.3`` makes it refuse to pack a version that is not the package's own.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import platform
import plistlib
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import lieng
from lieng.devtools import build, linux_desktop
from lieng.devtools.archive import unzip, zip_folder
from lieng.devtools.spec_support import APP_NAME, BUNDLE_NAME, DISPLAY_NAME, mac_info_plist

PLATFORMS = {"linux": "linux", "windows": "win32", "macos": "darwin"}
"""``--os`` names and the ``sys.platform`` prefix each must be built on."""
SUMS = "SHA256SUMS.txt"
UNICODE_FOLDER = "Nguyễn"
"""Archives are unpacked under a folder of this name for their check: the program must
start from a path that is not ASCII, as it does for a player whose user name is not."""


def current_os() -> str:
    """The ``--os`` name of the running platform."""
    for name, prefix in PLATFORMS.items():
        if sys.platform.startswith(prefix):
            return name
    raise SystemExit(f"no release is made on {sys.platform}")


def arch_name(machine: str | None = None) -> str:
    """``x64`` or ``arm64``: the names players see on download pages.

    >>> arch_name("AMD64"), arch_name("x86_64"), arch_name("aarch64"), arch_name("arm64")
    ('x64', 'x64', 'arm64', 'arm64')
    """
    machine = (machine or platform.machine()).lower()
    return {"amd64": "x64", "x86_64": "x64", "aarch64": "arm64"}.get(machine, machine)


def artifact_stem(version: str, os_name: str, arch: str) -> str:
    """``lieng-1.2.3-windows-x64``."""
    return f"{APP_NAME}-{version}-{os_name}-{arch}"


def sha256_of(path: Path) -> str:
    """The file's SHA-256 as hex, read in blocks (a package is tens of megabytes)."""
    digest = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def write_sums(files: list[Path], out: Path) -> Path:
    """``out`` in ``sha256sum`` format (``<hex>  <name>``), so players can check a
    download with ``sha256sum -c``, ``shasum -a 256 -c`` or ``Get-FileHash``."""
    lines = sorted(f"{sha256_of(f)}  {f.name}\n" for f in files)
    out.write_text("".join(lines), encoding="utf-8", newline="\n")
    return out


def read_sums(path: Path) -> dict[str, str]:
    """File name → hex digest from a sums file."""
    sums: dict[str, str] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip():
            digest, name = line.split(maxsplit=1)
            sums[name.lstrip("*")] = digest
    return sums


def merge_sums(folder: Path) -> Path:
    """Check every ``SHA256SUMS-*.txt`` in ``folder`` against the files beside it (an
    artifact corrupted between jobs fails here), then write one ``SHA256SUMS.txt`` for
    every file in ``folder`` and remove the per-platform ones."""
    parts = sorted(folder.glob("SHA256SUMS-*.txt"))
    if not parts:
        raise SystemExit(f"no SHA256SUMS-*.txt in {folder}")
    for part in parts:
        for name, digest in read_sums(part).items():
            if not (folder / name).is_file():
                raise SystemExit(f"{part.name} lists {name}, which is missing")
            if sha256_of(folder / name) != digest:
                raise SystemExit(f"{name} does not match {part.name}")
        part.unlink()
    files = [f for f in folder.iterdir() if f.is_file() and f.name != SUMS]
    return write_sums(files, folder / SUMS)


def program_in(folder: Path, os_name: str) -> Path:
    """The executable inside an unpacked ``lieng`` folder."""
    return folder / (f"{APP_NAME}.exe" if os_name == "windows" else APP_NAME)


def check_archive(archive: Path, os_name: str) -> float:
    """Unzip ``archive`` into a temporary folder as a player would and smoke-test the
    program there; the test's run time."""
    # A freshly unpacked .exe is scanned by Windows Defender after it exits, too.
    with tempfile.TemporaryDirectory(prefix="lieng-unzip-", ignore_cleanup_errors=True) as root:
        tmp = Path(root) / UNICODE_FOLDER  # players unzip under C:\Users\Nguyễn\Downloads
        unzip(archive, tmp)
        if os_name == "macos":
            exe = tmp / f"{BUNDLE_NAME}.app" / "Contents" / "MacOS" / APP_NAME
        else:
            exe = program_in(tmp / APP_NAME, os_name)
        if not exe.is_file():
            raise SystemExit(f"{archive.name} holds no {exe.relative_to(tmp)}")
        return build.smoke_test(exe)[0]


def pack_linux(dist: Path, stem: str, version: str, out: Path) -> list[Path]:
    """The zip (program folder plus ``.desktop``, icon and menu script) and the ``.deb``."""
    icon = lieng_root() / "assets" / "icon.png"
    with tempfile.TemporaryDirectory(prefix="lieng-pack-") as tmp:
        folder = Path(tmp) / APP_NAME
        shutil.copytree(dist / APP_NAME, folder, symlinks=True)
        linux_desktop.add_desktop_files(folder, icon)
        archive = zip_folder(folder, out / f"{stem}.zip")
    deb = linux_desktop.build_deb(dist / APP_NAME, icon, lieng_root() / "LICENSE", version, out)
    return [archive, deb]


def pack_macos(dist: Path, stem: str, out: Path) -> list[Path]:
    """A compressed disk image with the app and a link to /Applications to drag it onto;
    a zip of the app (made by ``ditto``, which keeps the bundle's symlinks and extended
    attributes) where ``hdiutil`` is missing."""
    app = dist / f"{BUNDLE_NAME}.app"
    if not app.is_dir():
        raise SystemExit(f"the build made no {app}")
    if shutil.which("hdiutil") is None:
        archive = out / f"{stem}.zip"
        subprocess.run(["ditto", "-c", "-k", "--sequesterRsrc", "--keepParent", str(app),
                        str(archive)], check=True)
        return [archive]
    dmg = out / f"{stem}.dmg"
    with tempfile.TemporaryDirectory(prefix="lieng-dmg-") as tmp:
        stage = Path(tmp) / "stage"
        stage.mkdir()
        subprocess.run(["ditto", str(app), str(stage / app.name)], check=True)
        (stage / "Applications").symlink_to("/Applications")
        command = ["hdiutil", "create", "-volname", DISPLAY_NAME, "-srcfolder", str(stage),
                   "-fs", "HFS+", "-format", "UDZO", "-ov", str(dmg)]
        for attempt in range(3):  # hosted runners' hdiutil now and then says "busy"
            if subprocess.run(command).returncode == 0:
                break
            if attempt == 2:
                raise SystemExit("hdiutil create failed three times")
            time.sleep(5)
    return [dmg]


def check_dmg(dmg: Path) -> float:
    """Mount the image read-only, smoke-test the app in it, unmount."""
    with tempfile.TemporaryDirectory(prefix="lieng-mnt-", ignore_cleanup_errors=True) as mnt:
        subprocess.run(["hdiutil", "attach", "-nobrowse", "-readonly", "-mountpoint", mnt,
                        str(dmg)], check=True)
        try:
            exe = Path(mnt) / f"{BUNDLE_NAME}.app" / "Contents" / "MacOS" / APP_NAME
            return build.smoke_test(exe)[0]
        finally:
            if subprocess.run(["hdiutil", "detach", mnt]).returncode != 0:
                subprocess.run(["hdiutil", "detach", "-force", mnt], check=False)


def check_metadata(os_name: str, dist: Path, version: str) -> str:
    """Read back what ``build.spec`` stamped on the program (Windows: the version resource;
    macOS: the bundle's ``Info.plist``) and fail if it is not this release's; a summary."""
    if os_name == "windows":
        from PyInstaller.utils.win32 import versioninfo  # pywin32-ctypes, Windows only

        info = str(versioninfo.read_version_info_from_executable(
            str(program_in(dist / APP_NAME, os_name))))
        missing = [s for s in (version, DISPLAY_NAME, "ProductVersion") if s not in info]
        if missing:
            raise SystemExit(f"the version resource lacks {missing}:\n{info}")
        return f"version resource: {DISPLAY_NAME} {version}"
    if os_name == "macos":
        with open(dist / f"{BUNDLE_NAME}.app" / "Contents" / "Info.plist", "rb") as fh:
            plist = plistlib.load(fh)
        wanted = mac_info_plist(version)
        wrong = {k: plist.get(k) for k, v in wanted.items() if plist.get(k) != v}
        if wrong:
            raise SystemExit(f"Info.plist differs from build.spec's: {wrong}")
        return f"Info.plist: {plist['CFBundleIdentifier']} {plist['CFBundleShortVersionString']}"
    return "no metadata to check on Linux (the .deb's control file is checked below)"


def lieng_root() -> Path:
    """The checkout (build.spec, assets/, LICENSE)."""
    return build.ROOT


def release(os_name: str, out: Path, dist: Path, work: Path, skip_build: bool = False,
            version: str = lieng.__version__) -> list[Path]:
    """Steps 1–4 of the module doc for ``os_name``; the files made (sums last)."""
    if current_os() != os_name:
        raise SystemExit(f"--os {os_name} must run on {os_name} (PyInstaller does not "
                         f"cross-compile); this is {current_os()}")
    if os_name == "linux" and shutil.which("dpkg-deb") is None:
        raise SystemExit("dpkg-deb is missing (apt-get install dpkg)")
    exe = program_in(dist / APP_NAME, os_name)
    if not skip_build:
        t0 = time.perf_counter()
        exe = build.build(dist, work)
        print(f"built {exe} in {time.perf_counter() - t0:.0f} s")
    print(f"folder size: {build.folder_size(exe.parent) / 1e6:.1f} MB")
    print(f"smoke test of the build passed in {build.smoke_test(exe)[0]:.1f} s")
    print(check_metadata(os_name, dist, version))
    stem = artifact_stem(version, os_name, arch_name())
    out.mkdir(parents=True, exist_ok=True)
    if os_name == "linux":
        files = pack_linux(dist, stem, version, out)
    elif os_name == "macos":
        app_exe = dist / f"{BUNDLE_NAME}.app" / "Contents" / "MacOS" / APP_NAME
        print(f"smoke test of the app bundle passed in {build.smoke_test(app_exe)[0]:.1f} s")
        files = pack_macos(dist, stem, out)
    else:
        files = [zip_folder(dist / APP_NAME, out / f"{stem}.zip")]
    for f in files:
        print(f"{f.name}: {f.stat().st_size / 1e6:.1f} MB")
        if f.suffix == ".deb":
            deb = linux_desktop.inspect_deb(f)
            print(f"  {deb.files} entries; {deb.control['Package']} {deb.control['Version']} "
                  f"{deb.control['Architecture']}, Installed-Size "
                  f"{deb.control['Installed-Size']} KiB; extracted copy's smoke test passed "
                  f"in {deb.smoke_seconds:.1f} s through usr/bin/{APP_NAME}")
        elif f.suffix == ".dmg":
            print(f"  mounted copy's smoke test passed in {check_dmg(f):.1f} s")
        else:
            print(f"  unzipped copy's smoke test passed in {check_archive(f, os_name):.1f} s")
    sums = write_sums(files, out / f"SHA256SUMS-{stem.removeprefix(APP_NAME + '-')}.txt")
    print(sums.read_text(encoding="utf-8"), end="")
    return [*files, sums]


def check_tag(tag: str, version: str) -> None:
    """A tag ``v1.2.3`` (or ``1.2.3``) must name the package's version."""
    name = tag.removeprefix("refs/tags/")
    if name.removeprefix("v") != version:
        raise SystemExit(f"tag {name} does not match the package version {version} "
                         "(lieng/__init__.py)")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m lieng.devtools.release",
                                description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    mode = p.add_mutually_exclusive_group(required=True)
    mode.add_argument("--os", choices=sorted(PLATFORMS), help="the platform to release "
                      "(must be the one this runs on)")
    mode.add_argument("--sums", type=Path, metavar="DIR",
                      help="check and merge every SHA256SUMS-*.txt in DIR")
    p.add_argument("--out", type=Path, default=build.ROOT / "release",
                   help="where the release files go (default: release/)")
    p.add_argument("--dist", type=Path, default=build.ROOT / "dist")
    p.add_argument("--work", type=Path, default=build.ROOT / "build")
    p.add_argument("--skip-build", action="store_true", help="pack the existing --dist")
    p.add_argument("--tag", help="the git tag being released; must match the version")
    args = p.parse_args(argv)
    if args.tag:
        check_tag(args.tag, lieng.__version__)
    if args.sums is not None:
        print(merge_sums(args.sums.resolve()).read_text(encoding="utf-8"), end="")
        return 0
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    release(args.os, args.out.resolve(), args.dist.resolve(), args.work.resolve(),
            args.skip_build)
    return 0


if __name__ == "__main__":
    sys.exit(main())

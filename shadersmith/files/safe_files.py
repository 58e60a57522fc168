"""The one way shadersmith touches files in a test or campaign directory.

Test and campaign directories are shared between engineers (attached to reports, copied
between machines, kept on shared disks), so what is inside them is untrusted: a link
planted beside a test must never make us read, write or delete anything outside it.
Every writer of the project goes through this module, which

- reads and writes only plain files, opened with O_NOFOLLOW, and never follows, replaces
  or deletes a symbolic link below the directory it owns (links above it are the user's
  own choice of where that directory lives);
- writes each file atomically (a new file renamed into place), so a killed process
  leaves the old file or the new one, never half of one;
- deletes only files it can tell it wrote (named by the test record it replaces);
- refuses an existing output directory that is not a shadersmith test or campaign
  directory, unless the user says `--force` (and even then deletes nothing);
- locks a campaign directory, so that two campaigns never run in one.

Every refusal is an UnsafePathError: one line naming the path, for the user.
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import os
import stat
import tempfile
from collections.abc import Iterable, Iterator
from pathlib import Path

from shadersmith.files.errors import TestCaseError

# What marks a directory as ours: a test (test.json), a differential or metamorphic
# campaign (campaign.db), a fusion campaign (state.json), a campaign's lock (a campaign
# killed before it recorded anything).
TEST_MARKER = "test.json"
LOCK_FILE = ".shadersmith.lock"
CAMPAIGN_MARKERS = ("campaign.db", "state.json", LOCK_FILE)
FORCE_HINT = "use --force to write into it anyway (nothing in it is deleted)"


class UnsafePathError(TestCaseError):
    """A path shadersmith refuses to read or write; the message is one line."""


def plain_name(name: str) -> bool:
    """A file name that stays in its directory: no separator, not hidden, not a dot name."""
    return bool(name) and "/" not in name and "\0" not in name and not name.startswith(".")


def _lstat(path: Path) -> os.stat_result | None:
    try:
        return os.lstat(path)
    except FileNotFoundError:
        return None
    except OSError as error:
        raise UnsafePathError(f"{path}: {error.strerror}") from None


def refuse_link(path: Path) -> None:
    """Raise if `path` is a symbolic link (what it points at is never ours to touch)."""
    info = _lstat(path)
    if info is not None and stat.S_ISLNK(info.st_mode):
        raise UnsafePathError(f"{path} is a symbolic link; shadersmith never follows links")


def inside(root: Path, relative: str | Path) -> Path:
    """`root / relative` for a relative path read from a file we do not trust (a
    campaign's database, a test record): no absolute path, no `..`, and no component
    below `root` that is a link."""
    parts = Path(relative).parts
    if Path(relative).is_absolute() or not parts or any(p in ("..", ".", "") for p in parts):
        raise UnsafePathError(f"{relative!r} is not a path inside {root}")
    path = root
    for part in parts:
        path = path / part
        refuse_link(path)
    return path


def make_directories(root: Path, relative: str | Path) -> Path:
    """Create `root / relative` (and `root`), refusing any component that is a link or a
    file: the folders a campaign writes its tests into."""
    make_directory(root)
    path = inside(root, relative)
    current = root
    for part in Path(relative).parts:
        current = current / part
        make_directory(current)
    return path


def make_directory(path: Path) -> None:
    """Create `path` (and missing parents) unless it is already a real directory."""
    refuse_link(path)
    try:
        path.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise UnsafePathError(f"{path} exists and is not a directory") from None
    except OSError as error:
        raise UnsafePathError(f"cannot create {path}: {error.strerror}") from None
    refuse_link(path)  # raced: created as a link between the two looks


# ---------------------------------------------------------------------------- files


def read_bytes(directory: Path, name: str) -> bytes:
    """The content of the plain file `name` in `directory`, never read through a link."""
    if not plain_name(name):
        raise UnsafePathError(f"{name!r} is not a plain file name in {directory}")
    path = directory / name
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    except FileNotFoundError:
        raise UnsafePathError(f"{path} is missing") from None
    except OSError as error:
        if error.errno == errno.ELOOP:
            raise UnsafePathError(
                f"{path} is a symbolic link; shadersmith never reads through links"
            ) from None
        raise UnsafePathError(f"cannot read {path}: {error.strerror}") from None
    with os.fdopen(fd, "rb") as file:
        if not stat.S_ISREG(os.fstat(file.fileno()).st_mode):
            raise UnsafePathError(f"{path} is not a plain file")
        return file.read()


def read_text(directory: Path, name: str) -> str:
    data = read_bytes(directory, name)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise UnsafePathError(f"{directory / name}: not UTF-8 text (byte {error.start})") from None


def is_plain_file(directory: Path, name: str) -> bool:
    info = _lstat(directory / name)
    return info is not None and stat.S_ISREG(info.st_mode)


def write_file(directory: Path, name: str, data: bytes | str) -> Path:
    """Write the plain file `name` in `directory` atomically. An existing link or
    non-file of that name is refused, not replaced."""
    if not plain_name(name):
        raise UnsafePathError(f"{name!r} is not a plain file name in {directory}")
    refuse_link(directory)
    path = directory / name
    info = _lstat(path)
    if info is not None and not stat.S_ISREG(info.st_mode):
        kind = "a symbolic link" if stat.S_ISLNK(info.st_mode) else "not a plain file"
        raise UnsafePathError(f"{path} is {kind}; shadersmith never writes through it")
    raw = data.encode("utf-8") if isinstance(data, str) else data
    try:
        fd, temporary = tempfile.mkstemp(prefix=f".{name}.", dir=directory)
    except OSError as error:
        raise UnsafePathError(f"cannot write in {directory}: {error.strerror}") from None
    try:
        with os.fdopen(fd, "wb") as file:
            file.write(raw)
        os.chmod(temporary, 0o644)
        # rename replaces a name, never what a link points at; a link raced into place
        # since the look above is replaced as a name, not written through.
        os.replace(temporary, path)
    except OSError as error:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise UnsafePathError(f"cannot write {path}: {error.strerror}") from None
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    return path


def remove_written(directory: Path, names: Iterable[str]) -> None:
    """Delete the plain files `names` (files a record says we wrote); links, folders and
    anything else are left alone."""
    for name in names:
        if plain_name(name) and is_plain_file(directory, name):
            with contextlib.suppress(FileNotFoundError):
                os.unlink(directory / name)


# ---------------------------------------------------------------------------- outputs


def is_test_directory(path: Path) -> bool:
    return is_plain_file(path, TEST_MARKER)


def is_campaign_directory(path: Path) -> bool:
    return any(is_plain_file(path, marker) for marker in CAMPAIGN_MARKERS)


def _is_empty_directory(path: Path) -> bool:
    try:
        return not any(os.scandir(path))
    except OSError:
        return False


def check_test_output(path: Path, force: bool = False) -> None:
    """Refuse writing a test to `path` unless it is new, an empty folder, a shadersmith
    test directory (rewritten in place), or `force` is given (written into, deleting
    nothing)."""
    _check_output(path, force, is_test_directory(path), "test")


def check_campaign_output(path: Path, force: bool = False) -> None:
    """Refuse a campaign directory that exists and holds something else than a campaign
    (or nothing), unless `force`."""
    _check_output(path, force, is_campaign_directory(path), "campaign")


def _check_output(path: Path, force: bool, ours: bool, what: str) -> None:
    refuse_link(path)
    info = _lstat(path)
    if info is None:
        return
    if not stat.S_ISDIR(info.st_mode):
        raise UnsafePathError(f"{path} exists and is not a directory")
    if force or ours or _is_empty_directory(path):
        return
    raise UnsafePathError(f"{path} exists and is not a shadersmith {what} directory; {FORCE_HINT}")


def check_outside(destination: Path, source: Path) -> None:
    """Refuse an output inside the test it is made from (`reduce .`): writing it would
    rewrite the source under the running work."""
    try:
        destination.resolve().relative_to(source.resolve())
    except ValueError:
        return
    raise UnsafePathError(
        f"{destination} is inside the test {source}; choose an output beside it (--out)"
    )


# ---------------------------------------------------------------------------- lock


@contextlib.contextmanager
def campaign_lock(directory: Path) -> Iterator[None]:
    """Hold the campaign directory's lock for the block: a second campaign on the same
    directory (same machine or a shared disk with working locks) is refused with one
    line. The kernel releases the lock when the process ends, even by kill -9."""
    make_directory(directory)
    path = directory / LOCK_FILE
    try:
        fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW, 0o644)
    except OSError as error:
        if error.errno == errno.ELOOP:
            refuse_link(path)
        raise UnsafePathError(f"cannot lock {directory}: {error.strerror}") from None
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = os.pread(fd, 64, 0).decode("ascii", "replace").strip() or "another process"
            raise UnsafePathError(
                f"{directory} is in use by another campaign (process {holder}); "
                "wait for it or use another --out"
            ) from None
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)
        yield
    finally:
        os.close(fd)

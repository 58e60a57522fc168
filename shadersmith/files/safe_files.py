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
from typing import BinaryIO

from shadersmith.files.errors import TestCaseError

# What marks a directory as ours: a test (test.json), a differential or metamorphic
# campaign (campaign.db), a fusion campaign (state.json), a campaign's lock (a campaign
# killed before it recorded anything).
TEST_MARKER = "test.json"
LOCK_FILE = ".shadersmith.lock"
CAMPAIGN_MARKERS = ("campaign.db", "state.json", LOCK_FILE)
FORCE_HINT = "use --force to write into it anyway (nothing in it is deleted)"
# The most any file of a test or campaign is read into memory (a test.json with big
# buffers is about 100 kB, a campaign's state file less): checked before it is read, so
# a sparse file of gigabytes costs nothing. Readers of smaller files pass their own.
MAX_FILE_BYTES = 64 * 1024 * 1024


class UnsafePathError(TestCaseError):
    """A path shadersmith refuses to read or write; the message is one line."""


class FileTooLarge(UnsafePathError):
    """A file holding more than its reader reads (the message names it and its size)."""


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


def read_bytes(directory: Path, name: str, limit: int = MAX_FILE_BYTES) -> bytes:
    """The content of the plain file `name` in `directory`, never read through a link,
    and refused (before it is read) when it holds more than `limit` bytes."""
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
        return _bounded_read(file, path, limit)


def read_named_file(path: Path, limit: int = MAX_FILE_BYTES) -> bytes:
    """The content of a file the user named on the command line (a targets file, an
    ignore list): links are followed (where it lives is the user's choice), but it must
    be a plain file of at most `limit` bytes, checked before it is read."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except OSError as error:
        raise UnsafePathError(f"cannot read {path}: {error.strerror}") from None
    with os.fdopen(fd, "rb") as file:
        return _bounded_read(file, path, limit)


def _bounded_read(file: BinaryIO, path: Path, limit: int) -> bytes:
    """At most `limit` bytes of the open `file`, or an UnsafePathError: its size is
    checked before anything is read (a sparse file of 1.5 GB takes no room on disk), and
    at most limit + 1 bytes are read (a file that grows meanwhile, or lies about its
    size)."""
    info = os.fstat(file.fileno())
    if not stat.S_ISREG(info.st_mode):
        raise UnsafePathError(f"{path} is {_kind(info.st_mode)}, not a plain file")
    if info.st_size > limit:
        raise FileTooLarge(f"{path}: {info.st_size} bytes, more than the {limit} it may hold")
    try:
        data = file.read(limit + 1)
    except OSError as error:
        raise UnsafePathError(f"cannot read {path}: {error.strerror}") from None
    if len(data) > limit:
        raise FileTooLarge(f"{path}: more than the {limit} bytes it may hold")
    return data


def _kind(mode: int) -> str:
    """What a file that is not a plain file is, in words."""
    for test, kind in (
        (stat.S_ISDIR, "a directory"),
        (stat.S_ISLNK, "a symbolic link"),
        (stat.S_ISFIFO, "a FIFO"),
        (stat.S_ISSOCK, "a socket"),
        (stat.S_ISCHR, "a device"),
        (stat.S_ISBLK, "a device"),
    ):
        if test(mode):
            return kind
    return "not a plain file"


def check_plain_or_absent(path: Path, what: str) -> None:
    """Refuse `path` unless it is missing or a plain file (not a link, FIFO or device):
    a file another program (SQLite) opens by name, following links and blocking on
    FIFOs. `what` says what the file is for, in the one line."""
    info = _lstat(path)
    if info is not None and not stat.S_ISREG(info.st_mode):
        raise UnsafePathError(f"{path} is {_kind(info.st_mode)}, not a plain file: {what}")


def read_text(directory: Path, name: str, limit: int = MAX_FILE_BYTES) -> str:
    data = read_bytes(directory, name, limit)
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


def staging_directory(parent: Path, name: str) -> Path:
    """A new, empty, hidden folder in `parent` to write `name` in before it is renamed
    into place, with the permissions a folder made by mkdir would have: tempfile makes
    it 0700 whatever the umask, and teammates on a shared disk must read the tests."""
    path = Path(tempfile.mkdtemp(prefix=f".{name}.", dir=parent))
    os.chmod(path, 0o777 & ~_umask())
    return path


def _umask() -> int:
    """This process's umask, read without changing it (os.umask sets it, and another
    thread could create a file meanwhile)."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError):
        pass
    return 0o022


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
    # O_NONBLOCK: a FIFO planted as the lock would block the open; it is refused below.
    try:
        fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_NONBLOCK, 0o644)
    except OSError as error:
        if error.errno == errno.ELOOP:
            refuse_link(path)
        raise UnsafePathError(f"cannot lock {directory} with {path}: {error.strerror}") from None
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise UnsafePathError(
                f"{path} is {_kind(mode)}, not a plain file: a campaign's lock is a plain "
                "file (remove it to run the campaign)"
            )
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

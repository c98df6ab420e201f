"""CanvasError and its subclasses, one per canvas_status, each also the
Python exception a caller would catch for that kind of failure."""

from __future__ import annotations

from typing import Any, Dict, Type

from ._constants import Status


class CanvasError(Exception):
    """A failed call: its status code and the engine's last-error message.

    ``CanvasError(status, ...)`` makes the subclass for that status, so
    ``except ValueError`` catches a bad value and ``except CanvasError``
    catches every failure of the engine."""

    status: Status
    message: str
    function: str

    def __new__(cls, status: int, message: str = "", function: str = "") -> "CanvasError":
        if cls is CanvasError:
            cls = _BY_STATUS.get(status, CanvasError)
        return Exception.__new__(cls, status, message, function)  # MemoryError's own __new__ refuses subclasses

    def __init__(self, status: int, message: str = "", function: str = "") -> None:
        try:
            self.status = Status(status)
        except ValueError:  # a status this package does not know yet: keep the number
            self.status = status  # type: ignore[assignment]
        self.message = message
        self.function = function
        # Said in Python's words: the call without its C prefix, then the engine's
        # message (the kind is the exception's class; .status and .function keep the C side).
        call = function[len("canvas_"):] if function.startswith("canvas_") else function
        known = isinstance(self.status, Status)
        text = message if known else f"status {status}: {message}"
        super().__init__(f"{call}: {text}" if call else text)

    def __reduce__(self) -> "tuple[Any, tuple[int, str, str]]":  # pickle: rebuild from the three fields
        return (CanvasError, (int(self.status), self.message, self.function))


class NullError(CanvasError, ValueError):
    """CANVAS_ERR_NULL: a required argument was missing."""


class InvalidArgumentError(CanvasError, ValueError):
    """CANVAS_ERR_INVALID_ARGUMENT: an argument is out of range or inconsistent."""


class NonFiniteError(CanvasError, ValueError):
    """CANVAS_ERR_NON_FINITE: a number that must be finite was NaN or infinite."""


class CallbackError(CanvasError):
    """CANVAS_ERR_CALLBACK: a Python callback raised (the exception is ``__cause__``)."""


class BufferTooSmallError(CanvasError):
    """CANVAS_ERR_BUFFER_TOO_SMALL (only the raw calls of load() can meet it)."""


class BadLayoutError(CanvasError, ValueError):
    """CANVAS_ERR_BAD_LAYOUT: a layout returned unusable frames."""


class BusyError(CanvasError, RuntimeError):
    """CANVAS_ERR_BUSY: called from inside one of the engine's own callbacks."""


class NotFoundError(CanvasError, LookupError):
    """CANVAS_ERR_NOT_FOUND: an id names no item."""


class OutOfMemoryError(CanvasError, MemoryError):
    """CANVAS_ERR_NO_MEMORY: memory sized by the input cannot be had, or a count is past its limit."""


_BY_STATUS: Dict[int, Type[CanvasError]] = {
    Status.ERR_NULL: NullError,
    Status.ERR_INVALID_ARGUMENT: InvalidArgumentError,
    Status.ERR_NON_FINITE: NonFiniteError,
    Status.ERR_CALLBACK: CallbackError,
    Status.ERR_BUFFER_TOO_SMALL: BufferTooSmallError,
    Status.ERR_BAD_LAYOUT: BadLayoutError,
    Status.ERR_BUSY: BusyError,
    Status.ERR_NOT_FOUND: NotFoundError,
    Status.ERR_NO_MEMORY: OutOfMemoryError,
}

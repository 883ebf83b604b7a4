"""0/1 matrices as options, for ``Problem.from_matrix``: lists of rows, NumPy arrays, SciPy
sparse matrices and arrays, pandas DataFrames.

Every kind comes down to one form: the item names (the columns) and each row's list of the
columns where it holds a 1. A cell must hold 0 or 1 (``False``/``True`` and ``0.0``/``1.0``
are the same numbers); any other value, NaN, pandas' NA and a masked cell included, is
refused naming its row and column (counted from 0), as a list of rows has always been:
reading 2 or NaN as a 1 would build a problem the user did not write.

NumPy, SciPy and pandas are not dependencies: an object is recognized by the package its
type comes from, and that package is imported only then (it is loaded already, since the
object exists), so ``import dlx`` stays fast and needs none of them.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from typing import Any

from dlx.errors import ArgumentError, ArgumentTypeError

Columns = Sequence[Hashable]  # the item names, in column order
Numbered = Sequence[Sequence[Hashable]]  # options by position: the columns each covers
Rows = Numbered | Mapping[Hashable, Sequence[Hashable]]  # options numbered or named

NUMERIC_KINDS = "biufc"  # NumPy dtype kinds compared with 0 and 1 as arrays


def matrix_options(matrix: Any) -> tuple[Columns, Rows]:
    """The items and options of a 0/1 ``matrix``: columns are items, rows are options.

    Columns are named 0..m-1 and rows 0..k-1, except a DataFrame's, which keep its column
    and index labels. Raises an ``ArgumentError`` saying what is wrong and where.
    """
    ndim = getattr(matrix, "ndim", 2)
    if ndim != 2:
        raise ArgumentError(
            f"the matrix is {ndim}-dimensional, expected 2 dimensions: rows (the options) "
            "of columns (the items)"
        )
    package = type(matrix).__module__.partition(".")[0]
    if package == "pandas" and hasattr(matrix, "columns"):
        return _frame(matrix)
    if package == "scipy" and hasattr(matrix, "tocsr"):
        return _sparse(matrix)
    if package == "numpy":
        return _dense(matrix)
    return _lists(matrix)


def _frame(frame: Any) -> tuple[Columns, Rows]:
    """A DataFrame: its column labels are the items, its index labels the option names."""
    items = frame.columns.tolist()
    names = frame.index.tolist()
    if len(set(names)) != len(names):
        twice = next(name for k, name in enumerate(names) if name in names[:k])
        raise ArgumentError(
            f"the DataFrame's index holds {twice!r} twice; its labels name the options"
        )
    _, rows = _dense(frame.to_numpy())
    return items, dict(zip(names, (list(map(items.__getitem__, row)) for row in rows), strict=True))


def _dense(array: Any) -> tuple[Columns, Numbered]:
    """A NumPy array, checked and read by whole-array operations, not cell by cell."""
    import numpy as np

    if np.ma.is_masked(array):  # a masked cell is a missing value, refused as NaN is
        r, c = np.argwhere(np.ma.getmaskarray(array))[0].tolist()
        raise ArgumentError(f"matrix row {r}, column {c} is masked, not 0 or 1")
    array = np.asarray(array)
    kind = array.dtype.kind
    if kind == "O":  # Python objects (a DataFrame of mixed columns): checked one by one
        return _lists(array.tolist(), width=array.shape[1])
    if kind not in NUMERIC_KINDS:
        raise ArgumentTypeError(
            f"the matrix holds values of dtype {array.dtype}, expected booleans or numbers"
        )
    if kind == "b":
        ones = array
    elif kind in "iu":  # whole numbers: two reductions tell most matrices good, with no copy
        if array.size and (array.min() < 0 or array.max() > 1):
            _refuse_the_first(array, (array != 0) & (array != 1))
        ones = array.view(np.bool_) if array.itemsize == 1 else array != 0
    else:  # floats and complex numbers: every cell compared with 0 and 1
        ones = array != 0
        _refuse_the_first(array, ones & (array != 1))
    # The ones' flat positions in memory order (1-D nonzero is several times faster than
    # 2-D), made row-major with each row's columns in order.
    height, width = array.shape
    if ones.flags.c_contiguous or not ones.flags.f_contiguous:
        rows, columns = np.divmod(np.flatnonzero(ones), width)
    else:  # column-major, as a DataFrame's values are: read down the columns, sort by row
        columns, rows = np.divmod(np.flatnonzero(ones.T), height)
        order = np.argsort(rows, kind="stable")
        rows, columns = rows[order], columns[order]
    ends = np.cumsum(np.bincount(rows, minlength=height)).tolist()
    return range(width), _split(columns.tolist(), ends)


def _sparse(matrix: Any) -> tuple[Columns, Numbered]:
    """A SciPy sparse matrix or array, read from its stored entries without densifying."""
    import numpy as np

    csr = matrix.tocsr(copy=True)  # our copy: the user's matrix is left as it was
    csr.sum_duplicates()  # a cell may be stored twice (COO, or CSR built so): it holds the sum
    data = csr.data
    if data.dtype.kind not in NUMERIC_KINDS:
        raise ArgumentTypeError(
            f"the matrix holds values of dtype {data.dtype}, expected booleans or numbers"
        )
    bad = np.flatnonzero((data != 0) & (data != 1))
    if bad.size:
        k = int(bad[0])
        r = int(np.searchsorted(csr.indptr, k, side="right")) - 1
        raise _not_a_bit(r, int(csr.indices[k]), data[k].item())
    csr.eliminate_zeros()  # zeros written explicitly are not entries
    return range(csr.shape[1]), _split(csr.indices.tolist(), csr.indptr[1:].tolist())


def _lists(rows: Any, width: int | None = None) -> tuple[Columns, Numbered]:
    """Rows as sequences of values (or objects with ``.tolist()``), checked cell by cell;
    ``width`` is the number of columns when known without a row (an array with no rows)."""
    if hasattr(rows, "tolist"):
        rows = rows.tolist()
    if isinstance(rows, str | bytes) or not isinstance(rows, Iterable):
        raise ArgumentTypeError(f"the matrix must be a list of rows, not {rows!r}")
    options: list[list[Hashable]] = []
    for r, row in enumerate(rows):
        values = row.tolist() if hasattr(row, "tolist") else row
        if isinstance(values, str | bytes) or not isinstance(values, Iterable):
            raise ArgumentTypeError(f"matrix row {r} is {row!r}, not a list of 0s and 1s")
        values = list(values)
        if width is None:
            width = len(values)
        if len(values) != width:
            raise ArgumentError(f"matrix row {r} has {len(values)} columns, row 0 has {width}")
        for c, value in enumerate(values):
            if not _is_bit(value):
                raise _not_a_bit(r, c, value)
        options.append([c for c, value in enumerate(values) if value])
    return range(width or 0), options


def _is_bit(value: Any) -> bool:
    try:
        return value in (0, 1)
    except (TypeError, ValueError):  # pandas' NA or an array: no truth value, so not 0 or 1
        return False


def _refuse_the_first(array: Any, bad: Any) -> None:
    """Raise for the first cell of ``array`` that ``bad`` marks, if any."""
    import numpy as np

    if bad.any():
        r, c = np.argwhere(bad)[0].tolist()
        raise _not_a_bit(r, c, array[r, c].item())


def _not_a_bit(r: int, c: int, value: Any) -> ArgumentError:
    return ArgumentError(f"matrix row {r}, column {c} holds {value!r}, not 0 or 1")


def _split(columns: list[int], ends: list[int]) -> list[list[int]]:
    """``columns`` cut into rows: row r is ``columns[ends[r - 1]:ends[r]]``."""
    return [columns[start:end] for start, end in zip([0, *ends], ends, strict=False)]

"""The turn log's int8 copy (``kernels.quantize_rows``' codes), laid out for the scan.

``kernels.retrieve_turns`` computes each turn's int8 dot product with the new turn. Over
codes kept column by column it reads only the columns where the new turn's code is not zero:
the same integers from far fewer bytes when the vectors are sparse, as the default hashing
embedder's are (85% of codes zero on the real-text turns of ``../shared/data``, a median of 46
nonzero query codes of 384: 2.4x faster at 10k turns, ``bench/tier_c_columns.py``). Over
dense vectors (a sentence-transformers model's: 2% zero) every column is read either way, and
the row-by-row scan does fewer operations per code (1.3x faster at 1k and 10k turns, MiniLM).
So the layout is chosen once, by the first codes written: column by column when at least
``SPARSE_SHARE`` of them are zero. The ranking is the same either way (exact integers); only
the time differs.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from .. import kernels

__all__ = ["SPARSE_SHARE", "Int8Codes"]

#: The share of zero codes in the first rows written from which the codes are kept column by
#: column: the column scan reads about (1 - share) of the bytes at ~1.6x the operations per
#: code, so it pays well below this (hashing: 0.85; MiniLM: 0.02).
SPARSE_SHARE = 0.5


class Int8Codes:
    """Per-turn int8 codes in a buffer of ``capacity`` turns, row by row ([capacity, dim]) or
    column by column ([dim, capacity]); ``view(count)`` is [count, dim] either way."""

    def __init__(self, dim: int, capacity: int) -> None:
        self._dim = dim
        self._by_column: bool | None = None  # chosen by the first write
        self._buffer = np.zeros((capacity, dim), dtype=np.int8)

    @property
    def by_column(self) -> bool | None:
        """True when kept column by column; None until the first codes are written."""
        return self._by_column

    def view(self, count: int) -> npt.NDArray[np.int8]:
        """The first ``count`` turns' codes, [count, dim] (a view: valid until ``grow``)."""
        if self._by_column:
            return self._buffer[:, :count].T
        return self._buffer[:count]

    def choose_layout(self, codes: npt.NDArray[np.int8]) -> None:
        """Before the first write: the layout these codes (either layout) call for. Allocates
        the buffer anew for column by column (nothing is stored yet), so it may raise
        MemoryError, with nothing changed; later calls do nothing."""
        if self._by_column is not None or codes.size == 0:
            return  # chosen already, or nothing to choose by (an empty first write)
        zeros = codes.size - np.count_nonzero(codes)
        by_column = zeros >= SPARSE_SHARE * codes.size
        if by_column:
            self._buffer = np.zeros((self._dim, self._buffer.shape[0]), dtype=np.int8)
        self._by_column = bool(by_column)

    def write(self, start: int, codes: npt.NDArray[np.int8]) -> None:
        """Store ``codes`` ([rows, dim]) as turns ``start, start + 1, ...`` (within capacity,
        after ``choose_layout``): cannot fail."""
        if self._by_column:
            self._buffer[:, start : start + codes.shape[0]] = codes.T
        else:
            self._buffer[start : start + codes.shape[0]] = codes

    def store(
        self,
        turn: int,
        row: npt.NDArray[np.float32],
        embeddings: npt.NDArray[np.float32],
        scales: npt.NDArray[np.float32],
    ) -> bool:
        """One turn in one call (``kernels.store_row``, issue 14: ``TurnLog.append`` made a
        ``quantize_rows`` call, two arrays and three writes per turn): ``row`` into
        ``embeddings[turn]``, its codes here, its scale into ``scales[turn]`` (the log's
        buffers, ``turn`` within capacity). False, with nothing written, until the layout is
        chosen (the first write chooses it from the codes). May raise ValueError (a value
        not finite), with nothing written."""
        if self._by_column is None:
            return False
        kernels.store_row(row, embeddings, self._buffer, scales, turn, self._by_column)
        return True

    def write_rows(self, start: int, rows: npt.NDArray[np.float32]) -> npt.NDArray[np.float32]:
        """Quantize float rows ([n, dim], ``kernels.quantize_rows``) into turns ``start, start +
        1, ...`` (within capacity); returns their scales. Quantized straight into the column
        layout when that is (or may become) the layout: a restored log's first scan writes
        all its turns at once, and a transposing copy of their row codes cost as much as the
        quantization. May raise (a value not finite, MemoryError), with nothing stored."""
        by_column = self._by_column is not False
        codes, scales = kernels.quantize_rows(rows, by_column=by_column)
        self.choose_layout(codes)
        count = rows.shape[0]
        if self._by_column:
            self._buffer[:, start : start + count] = codes
        else:  # dense codes asked for by column before the layout was known: once per log
            self._buffer[start : start + count] = codes.T if by_column else codes
        return scales

    def grow(self, capacity: int, count: int) -> None:
        """Room for ``capacity`` turns, the first ``count`` kept. May raise MemoryError, with
        nothing changed."""
        if self._by_column:
            wider = np.zeros((self._dim, capacity), dtype=np.int8)
            wider[:, :count] = self._buffer[:, :count]
        else:
            wider = np.zeros((capacity, self._dim), dtype=np.int8)
            wider[:count] = self._buffer[:count]
        self._buffer = wider

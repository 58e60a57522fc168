"""Comparing two rendered images: exactly for integer images, by histogram distance for
float (RGBA8) ones.

Integer images (RGBA32UI, our generated fragment tests) hold exact 32-bit words, so any
difference is a difference. Float colours are rounded to 8 bits per channel, and a
compiler may legitimately round an intermediate value differently, so RGBA8 images get
GraphicsFuzz's tolerance (seed 002): per channel, the earth mover's distance between the
two images' 256-bin histograms, normalised to [0, 1]. For two 1-D distributions that
distance is the sum of the absolute differences of their cumulative distributions; the
sum is in bins, so dividing by 255 (the largest possible move) normalises it.

What EMD does and does not see: every pixel one level off moves all of a channel's mass
one bin, EMD 1/255 = 0.0039, under the default tolerance 0.005; a region whose colour
changes moves that region's share of the mass by the change, so a large or very
different region fails. Pixels that trade places keep the histogram, so EMD cannot see
them: the count of differing pixels and the largest channel difference are reported
alongside, for a reader (and for oracles that want them), but they do not decide.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

# GraphicsFuzz's default threshold for its histogram comparison.
DEFAULT_EMD_TOLERANCE = 0.005
_LEVELS = 256


@dataclass(frozen=True)
class ImageComparison:
    """The outcome of one comparison. `emd` is the largest channel's distance (0 for
    integer images, which are compared exactly)."""

    same: bool
    emd: float
    channel_emd: tuple[float, ...]
    differing_pixels: int
    max_difference: int
    tolerance: float
    exact: bool  # compared word for word (integer images)

    def summary(self) -> str:
        if self.exact:
            return f"{self.differing_pixels} pixels differ (exact comparison)"
        return (
            f"EMD {self.emd:.5f} (tolerance {self.tolerance}), {self.differing_pixels} pixels "
            f"differ, by at most {self.max_difference} levels"
        )


def compare_images(
    expected: npt.NDArray[np.generic],
    actual: npt.NDArray[np.generic],
    tolerance: float = DEFAULT_EMD_TOLERANCE,
) -> ImageComparison:
    """Compare two HxWx4 images of one dtype: uint32 exactly, uint8 by histogram EMD
    (fails when a channel's EMD exceeds `tolerance`). Raises ValueError on images that
    cannot be compared (shapes or dtypes differ, another dtype)."""
    if expected.shape != actual.shape or expected.ndim != 3 or expected.shape[2] != 4:
        raise ValueError(f"images of shapes {expected.shape} and {actual.shape} do not compare")
    if expected.dtype != actual.dtype:
        raise ValueError(f"images of dtypes {expected.dtype} and {actual.dtype} do not compare")
    difference = np.abs(expected.astype(np.int64) - actual.astype(np.int64))
    differing = int(np.count_nonzero(difference.any(axis=2)))
    largest = int(difference.max()) if difference.size else 0
    if expected.dtype == np.uint32:
        return ImageComparison(differing == 0, 0.0, (), differing, largest, 0.0, True)
    if expected.dtype != np.uint8:
        raise ValueError(f"expected uint8 or uint32 images, got {expected.dtype}")
    channels = tuple(
        histogram_emd(expected[..., c], actual[..., c]) for c in range(expected.shape[2])
    )
    emd = max(channels)
    return ImageComparison(emd <= tolerance, emd, channels, differing, largest, tolerance, False)


def histogram_emd(expected: npt.NDArray[np.generic], actual: npt.NDArray[np.generic]) -> float:
    """The earth mover's distance between the 256-bin histograms of two uint8 arrays,
    each normalised to a distribution, in [0, 1]."""
    first = _distribution(expected)
    second = _distribution(actual)
    return float(np.abs(np.cumsum(first) - np.cumsum(second)).sum() / (_LEVELS - 1))


def _distribution(values: npt.NDArray[np.generic]) -> npt.NDArray[np.float64]:
    counts = np.bincount(values.ravel().astype(np.intp), minlength=_LEVELS).astype(np.float64)
    total = counts.sum()
    return counts / total if total else counts

// Tier C's int8 copy of the turn log: per-row symmetric quantization and exact integer dot
// products. Reference definitions: quantize_rows and score_turns_int8 in
// src/multihorizon/_kernels_py.py.
//
// A row x becomes codes c[j] = rint(x[j] * 127 / max|x|) in [-127, 127] and one scale,
// 1 / ||c||, so that c * scale approximates the row's direction x / ||x|| (cosine ignores
// length). The cosine of two quantized rows is then an integer dot product times two scales.
// Every step is exact or correctly rounded in double (x * 127 is exact: 24 + 7 bits; the
// division, sqrt and reciprocal round once; rint rounds half to even, as numpy.rint), so every
// backend makes the same codes and scales, and integer sums make the dot products the same on
// every SIMD level.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>

#include "multihorizon/simd.hpp"

namespace multihorizon {

inline constexpr double kInt8Peak = 127.0;

// codes[0, dim) and *scale for one row; false (nothing written) when a value is not finite.
inline bool quantize_row(const float* row, std::size_t dim, std::int8_t* codes, float* scale) {
  double peak = 0.0;
  bool finite = true;
  for (std::size_t j = 0; j < dim; ++j) {
    const double value = row[j];
    finite &= std::isfinite(value);
    peak = std::max(peak, std::fabs(value));
  }
  if (!finite) return false;
  if (peak == 0.0) {  // a zero row: zero codes, scale 0, cosine 0 with anything
    std::fill(codes, codes + dim, std::int8_t{0});
    *scale = 0.0f;
    return true;
  }
  // Adding and subtracting 1.5 * 2**52 rounds a double of magnitude below 2**51 to an integer,
  // half to even in the default rounding mode: numpy.rint, without a libm call per value (the
  // baseline x86-64 build has no roundsd). -ffp-contract=off and no -ffast-math keep it.
  constexpr double kRoundMagic = 6755399441055744.0;
  std::int64_t squares = 0;
  for (std::size_t j = 0; j < dim; ++j) {
    // |row[j]| <= peak, so the quotient is in [-127, 127].
    const double quotient = static_cast<double>(row[j]) * kInt8Peak / peak;
    const double code = (quotient + kRoundMagic) - kRoundMagic;
    const auto value = static_cast<std::int64_t>(code);
    codes[j] = static_cast<std::int8_t>(value);
    squares += value * value;
  }
  // squares >= 1 (the peak's own code is +-127) and < 2**53, so its conversion is exact.
  *scale = static_cast<float>(1.0 / std::sqrt(static_cast<double>(squares)));
  return true;
}

// The approximate cosine of a row from its integer dot product with the query's codes:
// (dot * query_scale) * row_scale in double, clipped to [-1, 1] and rounded to float32. The
// dot converts exactly (|dot| <= 2**14 * dim < 2**53).
inline float int8_cosine(std::int64_t dot, double query_scale, double row_scale) {
  const double value = static_cast<double>(dot) * query_scale * row_scale;
  return static_cast<float>(std::min(1.0, std::max(-1.0, value)));
}

namespace simd {

// dots[r] = <query, rows[r]> over int8 codes, exactly (int64 sums). The query's codes are in
// [-127, 127] (quantize_row's); the rows' may be any int8.
inline void int8_dots_generic(const std::int8_t* query, const std::int8_t* rows,
                              std::size_t count, std::size_t dim, std::int64_t* dots) {
  for (std::size_t r = 0; r < count; ++r) {
    const std::int8_t* row = rows + r * dim;
    std::int64_t total = 0;
    for (std::size_t j = 0; j < dim; ++j) {
      total += static_cast<std::int32_t>(query[j]) * static_cast<std::int32_t>(row[j]);
    }
    dots[r] = total;
  }
}

#ifdef MULTIHORIZON_X86_DISPATCH
// Columns summed in int32 lanes before they are added to the int64 total: a lane gains at most
// 2 * 2 * 127 * 128 < 2**16 per 32 columns, so the eight lanes of both accumulators together
// hold less than kInt8Chunk * 2**11 = 2**26 and no int32 sum can overflow, whatever the
// dimension.
inline constexpr std::size_t kInt8Chunk = 32768;

__attribute__((target("avx2"))) inline std::int32_t sum_lanes_avx2(__m256i lanes) {
  const __m128i half =
      _mm_add_epi32(_mm256_castsi256_si128(lanes), _mm256_extracti128_si256(lanes, 1));
  const __m128i quarter = _mm_add_epi32(half, _mm_unpackhi_epi64(half, half));
  return _mm_cvtsi128_si32(_mm_add_epi32(quarter, _mm_shuffle_epi32(quarter, 1)));
}

// 32 products query[j] * row[j], summed in pairs, then fours, into eight int32 lanes.
// vpmaddubsw multiplies unsigned by signed bytes and saturates its int16 pair sums, so it is
// given |row| (vpabsb: -128 becomes 128, read as unsigned) and the query with the row's sign
// (vpsignb; the query's codes are in [-127, 127], so this cannot overflow): each product is at
// most 128 * 127 and a pair 32512 < 32767, never saturated. vpmaddwd by ones widens the pairs
// to int32. Every step is exact, so the sums are the generic loop's.
__attribute__((target("avx2"))) inline __m256i dot32_avx2(const std::int8_t* query,
                                                          const std::int8_t* row) {
  const __m256i q = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(query));
  const __m256i x = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(row));
  const __m256i pairs = _mm256_maddubs_epi16(_mm256_abs_epi8(x), _mm256_sign_epi8(q, x));
  return _mm256_madd_epi16(pairs, _mm256_set1_epi16(1));
}

// int8_dots_generic 64 columns per step (two independent accumulators), two rows at a time.
__attribute__((target("avx2"))) inline void int8_dots_avx2(const std::int8_t* query,
                                                           const std::int8_t* rows,
                                                           std::size_t count, std::size_t dim,
                                                           std::int64_t* dots) {
  const std::size_t full = dim / 32 * 32;
  std::size_t r = 0;
  for (; r + 2 <= count; r += 2) {
    const std::int8_t* a = rows + r * dim;
    const std::int8_t* b = a + dim;
    std::int64_t total_a = 0, total_b = 0;
    for (std::size_t chunk = 0; chunk < full; chunk += kInt8Chunk) {
      const std::size_t end = std::min(full, chunk + kInt8Chunk);
      __m256i a0 = _mm256_setzero_si256(), a1 = a0, b0 = a0, b1 = a0;
      std::size_t j = chunk;
      for (; j + 64 <= end; j += 64) {
        a0 = _mm256_add_epi32(a0, dot32_avx2(query + j, a + j));
        a1 = _mm256_add_epi32(a1, dot32_avx2(query + j + 32, a + j + 32));
        b0 = _mm256_add_epi32(b0, dot32_avx2(query + j, b + j));
        b1 = _mm256_add_epi32(b1, dot32_avx2(query + j + 32, b + j + 32));
      }
      if (j < end) {  // one block of 32 left
        a0 = _mm256_add_epi32(a0, dot32_avx2(query + j, a + j));
        b0 = _mm256_add_epi32(b0, dot32_avx2(query + j, b + j));
      }
      total_a += sum_lanes_avx2(_mm256_add_epi32(a0, a1));
      total_b += sum_lanes_avx2(_mm256_add_epi32(b0, b1));
    }
    for (std::size_t j = full; j < dim; ++j) {
      total_a += static_cast<std::int32_t>(query[j]) * static_cast<std::int32_t>(a[j]);
      total_b += static_cast<std::int32_t>(query[j]) * static_cast<std::int32_t>(b[j]);
    }
    dots[r] = total_a;
    dots[r + 1] = total_b;
  }
  if (r < count) int8_dots_generic(query, rows + r * dim, count - r, dim, dots + r);
}
#endif

// The same integers on every level. AVX-512 CPUs run the AVX2 loop (no AVX-512 or VNNI
// variant yet: the machine this was measured on has neither to test it).
inline void int8_dots(const std::int8_t* query, const std::int8_t* rows, std::size_t count,
                      std::size_t dim, std::int64_t* dots) {
#ifdef MULTIHORIZON_X86_DISPATCH
  if (at_least(Level::kAvx2)) {
    int8_dots_avx2(query, rows, count, dim, dots);
    return;
  }
#endif
  int8_dots_generic(query, rows, count, dim, dots);
}

}  // namespace simd

}  // namespace multihorizon

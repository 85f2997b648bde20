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
#include <cstring>
#include <limits>
#include <vector>

#include "multihorizon/simd.hpp"

namespace multihorizon {

inline constexpr double kInt8Peak = 127.0;

// Adding and subtracting 1.5 * 2**52 rounds a double of magnitude below 2**51 to an integer,
// half to even in the default rounding mode: numpy.rint, without a libm call per value (the
// baseline x86-64 build has no roundsd). -ffp-contract=off and no -ffast-math keep it.
inline constexpr double kRoundMagic = 6755399441055744.0;

// codes[0, dim) and *scale for one row; false (nothing written) when a value is not finite.
inline bool quantize_row_generic(const float* row, std::size_t dim, std::int8_t* codes,
                                 float* scale) {
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

#ifdef MULTIHORIZON_X86_DISPATCH
// quantize_row_generic's codes and scale, eight values per step. The quotient x * 127 / peak
// is taken as x * 127 times 1 / peak: that product is within 2 * 127 * 2**-53 < 3e-14 of the
// true quotient, as the divided one is within half of that, so both round to the same
// integer unless the true quotient is within 3e-14 of a half (a tie between two codes). A
// lane whose product is within kNearTie of a half is divided as the generic loop divides, so
// every code is the generic loop's. The squares of the codes are summed in double lanes:
// integers below 2**53, so exactly.
inline constexpr double kNearTie = 1e-9;

__attribute__((target("avx2"))) inline __m256d quantize_lanes_avx2(__m256d scaled,
                                                                   __m256d inverse,
                                                                   __m256d peak) {
  constexpr int kNearest = _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC;  // half to even
  const __m256d quick = _mm256_mul_pd(scaled, inverse);
  const __m256d code = _mm256_round_pd(quick, kNearest);
  const __m256d magnitude_mask = _mm256_castsi256_pd(_mm256_set1_epi64x(0x7fffffffffffffff));
  // |quick - code| is exact (both are multiples of quick's ulp, and it is below 1).
  const __m256d off = _mm256_and_pd(_mm256_sub_pd(quick, code), magnitude_mask);
  const __m256d near = _mm256_cmp_pd(_mm256_sub_pd(_mm256_set1_pd(0.5), off),
                                     _mm256_set1_pd(kNearTie), _CMP_LT_OQ);
  if (_mm256_movemask_pd(near) == 0) return code;
  const __m256d exact = _mm256_round_pd(_mm256_div_pd(scaled, peak), kNearest);
  return _mm256_blendv_pd(code, exact, near);
}

__attribute__((target("avx2"))) inline bool quantize_row_avx2(const float* row, std::size_t dim,
                                                              std::int8_t* codes, float* scale) {
  const __m256 magnitude_mask = _mm256_castsi256_ps(_mm256_set1_epi32(0x7fffffff));
  const __m256 infinity = _mm256_set1_ps(std::numeric_limits<float>::infinity());
  __m256 top = _mm256_setzero_ps();
  __m256 finite = _mm256_castsi256_ps(_mm256_set1_epi32(-1));
  std::size_t j = 0;
  for (; j + 8 <= dim; j += 8) {
    const __m256 magnitude = _mm256_and_ps(_mm256_loadu_ps(row + j), magnitude_mask);
    finite = _mm256_and_ps(finite, _mm256_cmp_ps(magnitude, infinity, _CMP_LT_OQ));
    top = _mm256_max_ps(top, magnitude);
  }
  bool all_finite = _mm256_movemask_ps(finite) == 0xff;
  alignas(32) float lanes[8];
  _mm256_store_ps(lanes, top);
  // The largest magnitude is one of the values, so the float maximum is exact.
  float peak_value = *std::max_element(lanes, lanes + 8);
  for (std::size_t t = j; t < dim; ++t) {
    all_finite &= std::isfinite(row[t]);
    peak_value = std::max(peak_value, std::fabs(row[t]));
  }
  if (!all_finite) return false;
  const double peak = peak_value;
  if (peak == 0.0) {
    std::fill(codes, codes + dim, std::int8_t{0});
    *scale = 0.0f;
    return true;
  }
  const __m256d inverse = _mm256_set1_pd(1.0 / peak);
  const __m256d peak_lanes = _mm256_set1_pd(peak);
  const __m256d code_peak = _mm256_set1_pd(kInt8Peak);
  __m256d squares_low = _mm256_setzero_pd(), squares_high = squares_low;
  j = 0;
  for (; j + 8 <= dim; j += 8) {
    const __m256 values = _mm256_loadu_ps(row + j);
    // x * 127 is exact in double (24 + 7 bits).
    const __m256d low =
        _mm256_mul_pd(_mm256_cvtps_pd(_mm256_castps256_ps128(values)), code_peak);
    const __m256d high =
        _mm256_mul_pd(_mm256_cvtps_pd(_mm256_extractf128_ps(values, 1)), code_peak);
    const __m256d code_low = quantize_lanes_avx2(low, inverse, peak_lanes);
    const __m256d code_high = quantize_lanes_avx2(high, inverse, peak_lanes);
    squares_low = _mm256_add_pd(squares_low, _mm256_mul_pd(code_low, code_low));
    squares_high = _mm256_add_pd(squares_high, _mm256_mul_pd(code_high, code_high));
    const __m128i words =
        _mm_packs_epi32(_mm256_cvtpd_epi32(code_low), _mm256_cvtpd_epi32(code_high));
    _mm_storel_epi64(reinterpret_cast<__m128i*>(codes + j), _mm_packs_epi16(words, words));
  }
  alignas(32) double sums[4];
  _mm256_store_pd(sums, _mm256_add_pd(squares_low, squares_high));
  auto squares = static_cast<std::int64_t>(sums[0] + sums[1] + sums[2] + sums[3]);
  for (; j < dim; ++j) {  // the generic loop's steps for the last values
    const double quotient = static_cast<double>(row[j]) * kInt8Peak / peak;
    const auto value = static_cast<std::int64_t>((quotient + kRoundMagic) - kRoundMagic);
    codes[j] = static_cast<std::int8_t>(value);
    squares += value * value;
  }
  *scale = static_cast<float>(1.0 / std::sqrt(static_cast<double>(squares)));
  return true;
}
#endif

// The same codes and scale on every level.
inline bool quantize_row(const float* row, std::size_t dim, std::int8_t* codes, float* scale) {
#ifdef MULTIHORIZON_X86_DISPATCH
  if (simd::at_least(simd::Level::kAvx2)) return quantize_row_avx2(row, dim, codes, scale);
#endif
  return quantize_row_generic(row, dim, codes, scale);
}

// One turn's row stored in the turn log's columns (TurnLog.append, issue 14: it was a
// quantize_rows call, two new arrays and three NumPy writes per turn): the float row into
// embeddings[at] ([capacity, dim]), its codes into row `at` of codes ([capacity, dim]) or,
// by_column, into column `at` of codes ([dim, capacity]), and its scale into scales[at].
// false (nothing written) when a value is not finite. Reference: store_row in
// src/multihorizon/_store_py.py.
inline bool store_row(const float* row, std::size_t dim, std::size_t capacity, std::size_t at,
                      bool by_column, float* embeddings, std::int8_t* codes, float* scales) {
  std::vector<std::int8_t> column(by_column ? dim : 0);
  float scale = 0.0f;
  // quantize_row checks every value before it writes any code.
  if (!quantize_row(row, dim, by_column ? column.data() : codes + at * dim, &scale)) {
    return false;
  }
  if (by_column) {
    for (std::size_t j = 0; j < dim; ++j) codes[j * capacity + at] = column[j];
  }
  // memmove: the row may be a view of the buffer it is written into.
  std::memmove(embeddings + at * dim, row, dim * sizeof(float));
  scales[at] = scale;
  return true;
}

#ifdef MULTIHORIZON_X86_DISPATCH
// A 16 x 16 tile of bytes transposed: out[c * out_stride + r] = in[r * in_stride + c]. Four
// rounds of pairwise unpacks (bytes, then pairs, fours and eights of them) gather each column
// into one register; register i ends up holding column bitreverse4(i).
template <int Bits>
__attribute__((target("sse2"))) inline void unpack_round(const __m128i* in, __m128i* out) {
  for (int i = 0; i < 8; ++i) {
    const __m128i a = in[2 * i], b = in[2 * i + 1];
    if constexpr (Bits == 8) {
      out[i] = _mm_unpacklo_epi8(a, b), out[i + 8] = _mm_unpackhi_epi8(a, b);
    } else if constexpr (Bits == 16) {
      out[i] = _mm_unpacklo_epi16(a, b), out[i + 8] = _mm_unpackhi_epi16(a, b);
    } else if constexpr (Bits == 32) {
      out[i] = _mm_unpacklo_epi32(a, b), out[i + 8] = _mm_unpackhi_epi32(a, b);
    } else {
      out[i] = _mm_unpacklo_epi64(a, b), out[i + 8] = _mm_unpackhi_epi64(a, b);
    }
  }
}

__attribute__((target("sse2"))) inline void transpose_tile16(const std::int8_t* in,
                                                            std::size_t in_stride,
                                                            std::int8_t* out,
                                                            std::size_t out_stride) {
  __m128i a[16], b[16];
  for (std::size_t r = 0; r < 16; ++r) {
    a[r] = _mm_loadu_si128(reinterpret_cast<const __m128i*>(in + r * in_stride));
  }
  unpack_round<8>(a, b);
  unpack_round<16>(b, a);
  unpack_round<32>(a, b);
  unpack_round<64>(b, a);
  for (std::size_t i = 0; i < 16; ++i) {
    const std::size_t column = ((i & 1) << 3) | ((i & 2) << 1) | ((i & 4) >> 1) | ((i & 8) >> 3);
    _mm_storeu_si128(reinterpret_cast<__m128i*>(out + column * out_stride), a[i]);
  }
}
#endif

// quantize_row over `rows` rows of `dim` values, the codes stored row by row
// (codes[r * dim + j]) or, when `by_column`, column by column (codes[j * rows + r]: the layout
// the turn log scans when its codes are sparse, dialogue/int8_codes.py). By column, a block of
// kQuantizeBlock rows is quantized into `scratch` and then written out column by column, so
// each column takes the block's codes in one run instead of one byte per row (a restored log
// of 10,000 turns: numpy's transposing copy of the row codes cost as much as quantizing them).
// Returns the first row holding a value that is not finite (its codes and the later rows'
// unwritten), or -1.
inline constexpr std::size_t kQuantizeBlock = 64;

inline std::int64_t quantize_rows(const float* matrix, std::size_t rows, std::size_t dim,
                                  bool by_column, std::int8_t* codes, float* scales) {
  if (!by_column) {
    for (std::size_t r = 0; r < rows; ++r) {
      if (!quantize_row(matrix + r * dim, dim, codes + r * dim, scales + r)) {
        return static_cast<std::int64_t>(r);
      }
    }
    return -1;
  }
  std::vector<std::int8_t> scratch(std::min(rows, kQuantizeBlock) * dim);
  for (std::size_t start = 0; start < rows; start += kQuantizeBlock) {
    const std::size_t count = std::min(kQuantizeBlock, rows - start);
    for (std::size_t i = 0; i < count; ++i) {
      if (!quantize_row(matrix + (start + i) * dim, dim, scratch.data() + i * dim,
                        scales + start + i)) {
        return static_cast<std::int64_t>(start + i);
      }
    }
    std::size_t j = 0;
#ifdef MULTIHORIZON_X86_DISPATCH
    if (count % 16 == 0) {
      for (; j + 16 <= dim; j += 16) {
        for (std::size_t i = 0; i < count; i += 16) {
          transpose_tile16(scratch.data() + i * dim + j, dim, codes + j * rows + start + i, rows);
        }
      }
    }
#endif
    for (; j < dim; ++j) {  // the columns no tile covered
      std::int8_t* column = codes + j * rows + start;
      for (std::size_t i = 0; i < count; ++i) column[i] = scratch[i * dim + j];
    }
  }
  return -1;
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

// The query's nonzero codes as (column, weight) pairs in column order, a count divisible by
// four (the last ones padded with weight 0 on the last column, which adds exact zeros: the
// SIMD passes take columns two or four at a time). A dot product with the query needs only
// these columns of a row: the default embedder's vectors are sparse (multihorizon-hash2-384:
// a median of 51 nonzero codes of 384 on the real-text turns), so a log kept column by column
// is scanned by reading about an eighth of its codes (issue 14).
struct SparseCodes {
  std::vector<std::size_t> columns;
  std::vector<std::int32_t> weights;  // the codes, in [-127, 127]
  // The weights four by four as bytes (column 4q's in the low byte): vpdpbusd's operand.
  std::vector<std::uint32_t> quads;
};

inline SparseCodes nonzero_codes(const std::int8_t* codes, std::size_t dim) {
  SparseCodes sparse;
  for (std::size_t j = 0; j < dim; ++j) {
    if (codes[j] == 0) continue;
    sparse.columns.push_back(j);
    sparse.weights.push_back(codes[j]);
  }
  while (sparse.columns.size() % 4 != 0) {
    sparse.columns.push_back(sparse.columns.back());
    sparse.weights.push_back(0);
  }
  for (std::size_t t = 0; t < sparse.weights.size(); t += 4) {
    std::uint32_t packed = 0;
    for (std::size_t b = 0; b < 4; ++b) {
      packed |= (static_cast<std::uint32_t>(sparse.weights[t + b]) & 0xFFu) << (8 * b);
    }
    sparse.quads.push_back(packed);
  }
  return sparse;
}

// dots[r] = <query, row r> for `count` rows of a log kept column by column: column j of the
// rows is codes[j * stride, j * stride + count). The same integers as int8_dots over the rows
// (a zero query code adds nothing, and integer sums do not depend on their order).
inline void int8_column_dots_generic(const SparseCodes& query, const std::int8_t* codes,
                                     std::size_t stride, std::size_t count, std::int64_t* dots) {
  std::fill(dots, dots + count, std::int64_t{0});
  for (std::size_t t = 0; t < query.columns.size(); ++t) {
    const std::int8_t* column = codes + query.columns[t] * stride;
    const std::int64_t weight = query.weights[t];
    for (std::size_t r = 0; r < count; ++r) dots[r] += weight * column[r];
  }
}

#ifdef MULTIHORIZON_X86_DISPATCH
// Column pairs summed in int32 lanes before they are added to the int64 totals: a pair adds at
// most 2 * 128 * 127 = 32512 to a lane, so 32768 pairs stay below 2**31.
inline constexpr std::size_t kColumnPairChunk = 32768;

// Adds the products of 16 rows (from `a` and `b`, two columns) and the pair's weights to two
// int32 accumulators: the codes widened to int16, interleaved a, b, and multiplied and summed
// pairwise (vpmaddwd: exact, no saturation). `low` then holds rows 0-3 and 8-11, `high` 4-7
// and 12-15 (unpack works within 128-bit lanes); rows_in_order undoes it.
__attribute__((target("avx2"))) inline void column_pair16_avx2(const std::int8_t* a,
                                                               const std::int8_t* b,
                                                               __m256i weights, __m256i* low,
                                                               __m256i* high) {
  const __m256i wide_a = _mm256_cvtepi8_epi16(_mm_loadu_si128(reinterpret_cast<const __m128i*>(a)));
  const __m256i wide_b = _mm256_cvtepi8_epi16(_mm_loadu_si128(reinterpret_cast<const __m128i*>(b)));
  *low = _mm256_add_epi32(*low, _mm256_madd_epi16(_mm256_unpacklo_epi16(wide_a, wide_b), weights));
  *high = _mm256_add_epi32(*high, _mm256_madd_epi16(_mm256_unpackhi_epi16(wide_a, wide_b), weights));
}

// Adds 16 rows' sums (column_pair16_avx2's low and high) to totals[0, 16) in row order.
__attribute__((target("avx2"))) inline void rows_in_order(__m256i low, __m256i high,
                                                          std::int64_t* totals) {
  alignas(32) std::int32_t sums[16];
  _mm256_store_si256(reinterpret_cast<__m256i*>(sums), _mm256_permute2x128_si256(low, high, 0x20));
  _mm256_store_si256(reinterpret_cast<__m256i*>(sums + 8),
                     _mm256_permute2x128_si256(low, high, 0x31));
  for (std::size_t r = 0; r < 16; ++r) totals[r] += sums[r];
}

// int8_column_dots_generic 64 rows at a time (one cache line of each column read), the
// query's columns two at a time, the sums in eight registers.
__attribute__((target("avx2"))) inline void int8_column_dots_avx2(const SparseCodes& query,
                                                                  const std::int8_t* codes,
                                                                  std::size_t stride,
                                                                  std::size_t count,
                                                                  std::int64_t* dots) {
  constexpr std::size_t kRows = 64;
  const std::size_t pairs = query.columns.size() / 2;
  std::size_t r = 0;
  for (; r + kRows <= count; r += kRows) {
    std::int64_t* totals = dots + r;
    std::fill(totals, totals + kRows, std::int64_t{0});
    for (std::size_t chunk = 0; chunk < pairs; chunk += kColumnPairChunk) {
      const std::size_t end = std::min(pairs, chunk + kColumnPairChunk);
      __m256i sums[8];
      for (__m256i& sum : sums) sum = _mm256_setzero_si256();
      for (std::size_t p = chunk; p < end; ++p) {
        const std::int8_t* a = codes + query.columns[2 * p] * stride + r;
        const std::int8_t* b = codes + query.columns[2 * p + 1] * stride + r;
        // Both columns' line 8 blocks ahead: dozens of streams, more than the hardware
        // prefetcher follows. At 50k rows no prefetch was 3.5x slower; 8 blocks ahead beat
        // 4, 16 and 32 (issue 14).
        __builtin_prefetch(a + 8 * kRows);
        __builtin_prefetch(b + 8 * kRows);
        const auto low_weight = static_cast<std::uint32_t>(query.weights[2 * p]) & 0xFFFFu;
        const auto high_weight = static_cast<std::uint32_t>(query.weights[2 * p + 1]) << 16;
        const __m256i weights = _mm256_set1_epi32(static_cast<int>(low_weight | high_weight));
        for (std::size_t g = 0; g < 4; ++g) {
          column_pair16_avx2(a + 16 * g, b + 16 * g, weights, &sums[2 * g], &sums[2 * g + 1]);
        }
      }
      for (std::size_t g = 0; g < 4; ++g) rows_in_order(sums[2 * g], sums[2 * g + 1], totals + 16 * g);
    }
  }
  if (r < count) int8_column_dots_generic(query, codes + r, stride, count - r, dots + r);
}
#endif

#ifdef MULTIHORIZON_X86_DISPATCH
// Column quads summed in int32 lanes before the biased total is taken back: a quad adds at
// most 4 * 255 * 128 = 130560 to a lane, so 16384 quads stay below 2**31.
inline constexpr std::size_t kColumnQuadChunk = 16384;

// One int8_column_dots_vnni step: 64 * kHalves rows (kHalves cache lines of each column),
// `quads` column quads from `first`. vpdpbusd multiplies unsigned bytes by signed ones and
// sums four products per int32 lane, so each row's codes of four columns are interleaved
// into one lane and biased to unsigned (c ^ 0x80 = c + 128): the lane sums
// sum(w * c) + 128 * sum(w), and the chunk's 128 * sum(w) is taken back in int64. The same
// integers as int8_column_dots_generic.
template <std::size_t kHalves>
__attribute__((target("avx512f,avx512bw,avx512vl,avx512vnni"))) inline void column_quads_vnni(
    const SparseCodes& query, const std::int8_t* codes, std::size_t stride, std::size_t first,
    std::size_t quads, std::int64_t* totals) {
  const __m512i bias = _mm512_set1_epi8(static_cast<char>(0x80));
  __m512i sums[4 * kHalves];
  for (__m512i& sum : sums) sum = _mm512_setzero_si512();
  std::int64_t weight_sum = 0;
  for (std::size_t q = first; q < first + quads; ++q) {
    const std::int8_t* column[4];
    for (std::size_t b = 0; b < 4; ++b) {
      column[b] = codes + query.columns[4 * q + b] * stride;
      weight_sum += query.weights[4 * q + b];
      // Eight lines ahead, as int8_column_dots_avx2 (more streams than the hardware follows).
      __builtin_prefetch(column[b] + 8 * 64);
      if (kHalves > 1) __builtin_prefetch(column[b] + 9 * 64);
    }
    const __m512i weights = _mm512_set1_epi32(static_cast<int>(query.quads[q]));
    for (std::size_t h = 0; h < kHalves; ++h) {
      __m512i lines[4];
      for (std::size_t b = 0; b < 4; ++b) {
        lines[b] = _mm512_xor_si512(_mm512_loadu_si512(column[b] + 64 * h), bias);
      }
      // Within each 128-bit lane k: rows 16k..16k+7 (lo) and 16k+8..16k+15 (hi) as byte pairs,
      // then as quads: sums[4h + i]'s int32 lane 4k + m is row 16k + 4i + m.
      const __m512i ab_lo = _mm512_unpacklo_epi8(lines[0], lines[1]);
      const __m512i ab_hi = _mm512_unpackhi_epi8(lines[0], lines[1]);
      const __m512i cd_lo = _mm512_unpacklo_epi8(lines[2], lines[3]);
      const __m512i cd_hi = _mm512_unpackhi_epi8(lines[2], lines[3]);
      __m512i* out = sums + 4 * h;
      out[0] = _mm512_dpbusd_epi32(out[0], _mm512_unpacklo_epi16(ab_lo, cd_lo), weights);
      out[1] = _mm512_dpbusd_epi32(out[1], _mm512_unpackhi_epi16(ab_lo, cd_lo), weights);
      out[2] = _mm512_dpbusd_epi32(out[2], _mm512_unpacklo_epi16(ab_hi, cd_hi), weights);
      out[3] = _mm512_dpbusd_epi32(out[3], _mm512_unpackhi_epi16(ab_hi, cd_hi), weights);
    }
  }
  const std::int64_t taken_back = 128 * weight_sum;
  for (std::size_t h = 0; h < kHalves; ++h) {
    alignas(64) std::int32_t lanes[4][16];
    for (std::size_t i = 0; i < 4; ++i) _mm512_store_si512(lanes[i], sums[4 * h + i]);
    for (std::size_t k = 0; k < 4; ++k) {
      for (std::size_t i = 0; i < 4; ++i) {
        for (std::size_t m = 0; m < 4; ++m) {
          totals[64 * h + 16 * k + 4 * i + m] += lanes[i][4 * k + m] - taken_back;
        }
      }
    }
  }
}

// int8_column_dots_generic with AVX-512 VNNI: 128 rows at a time (two lines of each column),
// then 64, the query's columns four at a time; the rows left over as int8_column_dots_avx2.
// Warm, on 10,000 rows and 156 query columns: 52.4 -> 36.6-40.8 µs (issue 14).
__attribute__((target("avx512f,avx512bw,avx512vl,avx512vnni"))) inline void int8_column_dots_vnni(
    const SparseCodes& query, const std::int8_t* codes, std::size_t stride, std::size_t count,
    std::int64_t* dots) {
  const std::size_t quads = query.quads.size();
  std::size_t r = 0;
  for (; r + 128 <= count; r += 128) {
    std::fill(dots + r, dots + r + 128, std::int64_t{0});
    for (std::size_t q = 0; q < quads; q += kColumnQuadChunk) {
      column_quads_vnni<2>(query, codes + r, stride, q, std::min(kColumnQuadChunk, quads - q),
                           dots + r);
    }
  }
  if (r + 64 <= count) {
    std::fill(dots + r, dots + r + 64, std::int64_t{0});
    for (std::size_t q = 0; q < quads; q += kColumnQuadChunk) {
      column_quads_vnni<1>(query, codes + r, stride, q, std::min(kColumnQuadChunk, quads - q),
                           dots + r);
    }
    r += 64;
  }
  if (r < count) int8_column_dots_generic(query, codes + r, stride, count - r, dots + r);
}

// Whether this CPU has AVX-512 BW and VNNI (int8_column_dots_vnni), beside the level's
// F, DQ and VL.
inline bool has_avx512_vnni() {
  static const bool vnni =
      __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512vnni");
  return vnni;
}
#endif

// The same integers on every level.
inline void int8_column_dots(const SparseCodes& query, const std::int8_t* codes,
                             std::size_t stride, std::size_t count, std::int64_t* dots) {
#ifdef MULTIHORIZON_X86_DISPATCH
  if (at_least(Level::kAvx512) && has_avx512_vnni()) {
    int8_column_dots_vnni(query, codes, stride, count, dots);
    return;
  }
  if (at_least(Level::kAvx2)) {
    int8_column_dots_avx2(query, codes, stride, count, dots);
    return;
  }
#endif
  int8_column_dots_generic(query, codes, stride, count, dots);
}

// The indexes r (ascending) with !(scores[r] < bar), written to picked; returns their count.
inline std::size_t not_below_generic(const float* scores, std::size_t count, float bar,
                                     std::uint32_t* picked) {
  std::size_t found = 0;
  for (std::size_t r = 0; r < count; ++r) {
    if (!(scores[r] < bar)) picked[found++] = static_cast<std::uint32_t>(r);
  }
  return found;
}

#ifdef MULTIHORIZON_X86_DISPATCH
// not_below_generic eight scores per compare: on a long log almost no row passes.
__attribute__((target("avx2"))) inline std::size_t not_below_avx2(const float* scores,
                                                                  std::size_t count, float bar,
                                                                  std::uint32_t* picked) {
  const __m256 bars = _mm256_set1_ps(bar);
  std::size_t found = 0, r = 0;
  for (; r + 8 <= count; r += 8) {
    // Not less than, unordered true: the scalar !(score < bar), NaN included.
    auto mask = static_cast<unsigned>(
        _mm256_movemask_ps(_mm256_cmp_ps(_mm256_loadu_ps(scores + r), bars, _CMP_NLT_UQ)));
    while (mask != 0) {
      picked[found++] = static_cast<std::uint32_t>(r + static_cast<unsigned>(__builtin_ctz(mask)));
      mask &= mask - 1;
    }
  }
  for (; r < count; ++r) {
    if (!(scores[r] < bar)) picked[found++] = static_cast<std::uint32_t>(r);
  }
  return found;
}
#endif

inline std::size_t not_below(const float* scores, std::size_t count, float bar,
                             std::uint32_t* picked) {
#ifdef MULTIHORIZON_X86_DISPATCH
  if (at_least(Level::kAvx2)) return not_below_avx2(scores, count, bar, picked);
#endif
  return not_below_generic(scores, count, bar, picked);
}

// cosines[r] = int8_cosine(dots[r], query_scale, scales[r]) for `count` rows: Tier P's exact
// pass, whose score is the cosine itself (no recency, no thread, no forced row). Every |dots[r]|
// must be below 2**31 (a dimension of at most kInt32DotDim codes: 127 * 128 per code).
inline constexpr std::size_t kInt32DotDim = (std::size_t{1} << 31) / (127 * 128) - 1;

inline void int8_cosines_generic(const std::int64_t* dots, std::size_t count, double query_scale,
                                 const float* scales, float* cosines) {
  for (std::size_t r = 0; r < count; ++r) cosines[r] = int8_cosine(dots[r], query_scale, scales[r]);
}

#ifdef MULTIHORIZON_X86_DISPATCH
// int8_cosines_generic four rows at a time, value for value: the same double products in the
// same order ((dot * query_scale) * scale), the same clamp (no NaN can reach it: the dots are
// integers and the scales finite) and the same rounding to float. A scalar loop of
// int8_cosine and the fused score cost a sixth of Tier P's pass at 10,000 facts (issue 14).
__attribute__((target("avx2"))) inline void int8_cosines_avx2(const std::int64_t* dots,
                                                              std::size_t count,
                                                              double query_scale,
                                                              const float* scales,
                                                              float* cosines) {
  const __m256d query = _mm256_set1_pd(query_scale);
  const __m256d one = _mm256_set1_pd(1.0), minus_one = _mm256_set1_pd(-1.0);
  // The low halves of four int64 lanes (exact: each is below 2**31 in magnitude).
  const __m256i low_halves = _mm256_setr_epi32(0, 2, 4, 6, 0, 2, 4, 6);
  std::size_t r = 0;
  for (; r + 4 <= count; r += 4) {
    const __m256i wide = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(dots + r));
    const __m128i narrow =
        _mm256_castsi256_si128(_mm256_permutevar8x32_epi32(wide, low_halves));
    __m256d value = _mm256_mul_pd(_mm256_cvtepi32_pd(narrow), query);
    value = _mm256_mul_pd(value, _mm256_cvtps_pd(_mm_loadu_ps(scales + r)));
    value = _mm256_min_pd(_mm256_max_pd(value, minus_one), one);
    _mm_storeu_ps(cosines + r, _mm256_cvtpd_ps(value));
  }
  int8_cosines_generic(dots + r, count - r, query_scale, scales + r, cosines + r);
}
#endif

inline void int8_cosines(const std::int64_t* dots, std::size_t count, double query_scale,
                         const float* scales, float* cosines) {
#ifdef MULTIHORIZON_X86_DISPATCH
  if (at_least(Level::kAvx2)) {
    int8_cosines_avx2(dots, count, query_scale, scales, cosines);
    return;
  }
#endif
  int8_cosines_generic(dots, count, query_scale, scales, cosines);
}

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

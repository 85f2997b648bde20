// Runtime choice of the widest kernels this CPU runs. The default build targets the baseline
// ISA (no -march=native), so the AVX2/FMA and AVX-512 variants are compiled with function
// attributes and picked once, at load, by asking the CPU.
#pragma once

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstddef>

#if (defined(__x86_64__) || defined(__i386__)) && (defined(__GNUC__) || defined(__clang__))
#define MULTIHORIZON_X86_DISPATCH 1
#include <immintrin.h>
#endif

namespace multihorizon::simd {

// dots[r] = <query, rows[r]> and norms2[r] = <rows[r], rows[r]>, in one summation order on
// every SIMD level, so a row's sums are the same bits whatever level runs, and whatever rows
// are scored with it (SPEC-028 rankings must not hang on either):
// - each product of two floats is exact in double (24 + 24 mantissa bits < 53), so a fused
//   multiply-add rounds exactly as a multiply then an add: AVX2 may fuse, the portable loop
//   need not, and both round each sum once per element;
// - element j of a row goes to lane j % 16 of 16 double partial sums; the last block is
//   zero-padded, which adds exact zeros (a sum that starts at +0 never becomes -0);
// - the lanes are folded in halves: l + (l+8), then l + (l+4), then l + (l+2), then 0 + 1.
// Double sums also make the finishing step exact enough for every finite input: a float's
// square cannot overflow or underflow in double, so no row needs a slower exact pass.
inline constexpr std::size_t kSumLanes = 16;

// The query widened to double once per call, zero-padded to a multiple of kSumLanes.
inline std::size_t padded_dim(std::size_t dim) {
  return (dim + kSumLanes - 1) / kSumLanes * kSumLanes;
}

inline double fold_lanes(const double* lanes) {
  double half[8], quarter[4];
  for (std::size_t l = 0; l < 8; ++l) half[l] = lanes[l] + lanes[l + 8];
  for (std::size_t l = 0; l < 4; ++l) quarter[l] = half[l] + half[l + 4];
  return (quarter[0] + quarter[2]) + (quarter[1] + quarter[3]);
}

inline void accumulate_block(const double* query, const float* row, double* dot, double* norm) {
  for (std::size_t l = 0; l < kSumLanes; ++l) {
    const double x = row[l];
    dot[l] += x * query[l];
    norm[l] += x * x;
  }
}

// `query` is the padded double query (padded_dim(dim) values).
inline void dot_norm_generic(const double* query, const float* rows, std::size_t count,
                             std::size_t dim, double* dots, double* norms2) {
  for (std::size_t r = 0; r < count; ++r) {
    const float* row = rows + r * dim;
    double dot[kSumLanes] = {}, norm[kSumLanes] = {};
    std::size_t j = 0;
    for (; j + kSumLanes <= dim; j += kSumLanes) accumulate_block(query + j, row + j, dot, norm);
    if (j < dim) {
      float tail[kSumLanes] = {};
      std::copy(row + j, row + dim, tail);
      accumulate_block(query + j, tail, dot, norm);
    }
    dots[r] = fold_lanes(dot);
    norms2[r] = fold_lanes(norm);
  }
}

#ifdef MULTIHORIZON_X86_DISPATCH
// fold_lanes on lanes 0-3, 4-7, 8-11, 12-15.
__attribute__((target("avx2,fma"))) inline double fold_lanes_avx2(__m256d a0, __m256d a1,
                                                                   __m256d a2, __m256d a3) {
  const __m256d quarter = _mm256_add_pd(_mm256_add_pd(a0, a2), _mm256_add_pd(a1, a3));
  const __m128d pair = _mm_add_pd(_mm256_castpd256_pd128(quarter),
                                  _mm256_extractf128_pd(quarter, 1));
  return _mm_cvtsd_f64(_mm_add_sd(pair, _mm_unpackhi_pd(pair, pair)));
}

// dot_norm_generic, four lanes per instruction: eight independent multiply-add chains (four
// for the dot product, four for the norm) cover the FMA latency.
__attribute__((target("avx2,fma"))) inline void dot_norm_avx2(const double* query,
                                                               const float* rows,
                                                               std::size_t count,
                                                               std::size_t dim, double* dots,
                                                               double* norms2) {
  for (std::size_t r = 0; r < count; ++r) {
    const float* row = rows + r * dim;
    __m256d d0 = _mm256_setzero_pd(), d1 = d0, d2 = d0, d3 = d0;
    __m256d n0 = d0, n1 = d0, n2 = d0, n3 = d0;
    float tail[kSumLanes];
    for (std::size_t j = 0; j < dim; j += kSumLanes) {
      const float* x = row + j;
      if (j + kSumLanes > dim) {  // the zero-padded last block
        std::fill(tail, tail + kSumLanes, 0.0f);
        std::copy(row + j, row + dim, tail);
        x = tail;
      }
      const __m256d x0 = _mm256_cvtps_pd(_mm_loadu_ps(x));
      const __m256d x1 = _mm256_cvtps_pd(_mm_loadu_ps(x + 4));
      const __m256d x2 = _mm256_cvtps_pd(_mm_loadu_ps(x + 8));
      const __m256d x3 = _mm256_cvtps_pd(_mm_loadu_ps(x + 12));
      d0 = _mm256_fmadd_pd(x0, _mm256_loadu_pd(query + j), d0);
      d1 = _mm256_fmadd_pd(x1, _mm256_loadu_pd(query + j + 4), d1);
      d2 = _mm256_fmadd_pd(x2, _mm256_loadu_pd(query + j + 8), d2);
      d3 = _mm256_fmadd_pd(x3, _mm256_loadu_pd(query + j + 12), d3);
      n0 = _mm256_fmadd_pd(x0, x0, n0);
      n1 = _mm256_fmadd_pd(x1, x1, n1);
      n2 = _mm256_fmadd_pd(x2, x2, n2);
      n3 = _mm256_fmadd_pd(x3, x3, n3);
    }
    dots[r] = fold_lanes_avx2(d0, d1, d2, d3);
    norms2[r] = fold_lanes_avx2(n0, n1, n2, n3);
  }
}

// fold_lanes after its first step, on lanes 0-7.
__attribute__((target("avx512f,avx512dq,avx512vl"))) inline double fold_lanes_avx512(
    __m512d half) {
  const __m256d quarter =
      _mm256_add_pd(_mm512_castpd512_pd256(half), _mm512_extractf64x4_pd(half, 1));
  const __m128d pair = _mm_add_pd(_mm256_castpd256_pd128(quarter),
                                  _mm256_extractf128_pd(quarter, 1));
  return _mm_cvtsd_f64(_mm_add_sd(pair, _mm_unpackhi_pd(pair, pair)));
}

// dot_norm_avx2 eight lanes per instruction (lanes 0-7 and 8-15 of the same 16 sums, folded
// in the same order), for about two thirds of its time per row.
__attribute__((target("avx512f,avx512dq,avx512vl"))) inline void dot_norm_avx512(
    const double* query, const float* rows, std::size_t count, std::size_t dim, double* dots,
    double* norms2) {
  for (std::size_t r = 0; r < count; ++r) {
    const float* row = rows + r * dim;
    __m512d d0 = _mm512_setzero_pd(), d1 = d0, n0 = d0, n1 = d0;
    float tail[kSumLanes];
    for (std::size_t j = 0; j < dim; j += kSumLanes) {
      const float* x = row + j;
      if (j + kSumLanes > dim) {  // the zero-padded last block
        std::fill(tail, tail + kSumLanes, 0.0f);
        std::copy(row + j, row + dim, tail);
        x = tail;
      }
      const __m512d x0 = _mm512_cvtps_pd(_mm256_loadu_ps(x));
      const __m512d x1 = _mm512_cvtps_pd(_mm256_loadu_ps(x + 8));
      d0 = _mm512_fmadd_pd(x0, _mm512_loadu_pd(query + j), d0);
      d1 = _mm512_fmadd_pd(x1, _mm512_loadu_pd(query + j + 8), d1);
      n0 = _mm512_fmadd_pd(x0, x0, n0);
      n1 = _mm512_fmadd_pd(x1, x1, n1);
    }
    dots[r] = fold_lanes_avx512(_mm512_add_pd(d0, d1));  // lanes l + (l+8) first
    norms2[r] = fold_lanes_avx512(_mm512_add_pd(n0, n1));
  }
}
#endif

// The instruction sets a kernel may use, widest last. Each kernel takes the widest variant it
// has that does not exceed the live level.
enum class Level : int { kGeneric = 0, kAvx2 = 1, kAvx512 = 2 };

inline Level cpu_level() {
#ifdef MULTIHORIZON_X86_DISPATCH
  if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512dq") &&
      __builtin_cpu_supports("avx512vl")) {
    return Level::kAvx512;
  }
  if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma")) return Level::kAvx2;
#endif
  return Level::kGeneric;
}

// The live level, the CPU's best at load. Tests lower it to cover every path on one machine.
inline std::atomic<Level>& active_level() {
  static std::atomic<Level> level{cpu_level()};
  return level;
}

inline bool at_least(Level level) {
  return static_cast<int>(active_level().load(std::memory_order_relaxed)) >=
         static_cast<int>(level);
}

// The same sums on every level (see kSumLanes).
inline void dot_norm(const double* query, const float* rows, std::size_t count, std::size_t dim,
                     double* dots, double* norms2) {
#ifdef MULTIHORIZON_X86_DISPATCH
  if (at_least(Level::kAvx512)) {
    dot_norm_avx512(query, rows, count, dim, dots, norms2);
    return;
  }
  if (at_least(Level::kAvx2)) {
    dot_norm_avx2(query, rows, count, dim, dots, norms2);
    return;
  }
#endif
  dot_norm_generic(query, rows, count, dim, dots, norms2);
}

inline const char* level_name(Level level) {
  switch (level) {
    case Level::kAvx512:
      return "avx512";
    case Level::kAvx2:
      return "avx2";
    case Level::kGeneric:
      break;
  }
  return "generic";
}

}  // namespace multihorizon::simd

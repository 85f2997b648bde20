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

// dots[r] = <query, rows[r]>, norms2[r] = <rows[r], rows[r]>, accumulated in float.
using DotNormFn = void (*)(const float* query, const float* rows, std::size_t count,
                           std::size_t dim, float* dots, float* norms2);

inline void dot_norm_generic(const float* query, const float* rows, std::size_t count,
                             std::size_t dim, float* dots, float* norms2) {
  constexpr std::size_t kLanes = 8;  // independent sums the compiler can keep in registers
  for (std::size_t r = 0; r < count; ++r) {
    const float* row = rows + r * dim;
    float dot[kLanes] = {}, norm[kLanes] = {};
    std::size_t j = 0;
    for (; j + kLanes <= dim; j += kLanes) {
      for (std::size_t l = 0; l < kLanes; ++l) {
        dot[l] += query[j + l] * row[j + l];
        norm[l] += row[j + l] * row[j + l];
      }
    }
    float d = 0.0f, n = 0.0f;
    for (std::size_t l = 0; l < kLanes; ++l) {
      d += dot[l];
      n += norm[l];
    }
    for (; j < dim; ++j) {
      d += query[j] * row[j];
      n += row[j] * row[j];
    }
    dots[r] = d;
    norms2[r] = n;
  }
}


// The float sums are trusted when the squared norm is a normal float far from overflow and
// the dot product is finite (a NaN fails every comparison).
inline bool sums_in_range(const float* dots, const float* norms2, std::size_t count) {
  bool in_range = true;
  for (std::size_t r = 0; r < count; ++r) {
    in_range &= (norms2[r] > 1e-30f) & (norms2[r] < 1e30f) & (std::fabs(dots[r]) < 1e30f);
  }
  return in_range;
}

inline void finish_cosines_generic(const float* dots, const float* norms2, std::size_t count,
                                   double qnorm, float* scores) {
  for (std::size_t r = 0; r < count; ++r) {
    const double cosine = dots[r] / (std::sqrt(static_cast<double>(norms2[r])) * qnorm);
    scores[r] = static_cast<float>(std::min(1.0, std::max(-1.0, cosine)));
  }
}

#ifdef MULTIHORIZON_X86_DISPATCH
__attribute__((target("avx2,fma"))) inline float hsum256(__m256 v) {
  const __m128 low = _mm256_castps256_ps128(v);
  const __m128 high = _mm256_extractf128_ps(v, 1);
  __m128 sum = _mm_add_ps(low, high);
  sum = _mm_add_ps(sum, _mm_movehl_ps(sum, sum));
  sum = _mm_add_ss(sum, _mm_shuffle_ps(sum, sum, 0x55));
  return _mm_cvtss_f32(sum);
}

// Four dot and four norm accumulators: eight independent FMA chains cover the FMA latency,
// so the loop runs at the speed the cache delivers the rows.
__attribute__((target("avx2,fma"))) inline void dot_norm_avx2(const float* query,
                                                               const float* rows,
                                                               std::size_t count,
                                                               std::size_t dim, float* dots,
                                                               float* norms2) {
  for (std::size_t r = 0; r < count; ++r) {
    const float* row = rows + r * dim;
    __m256 d0 = _mm256_setzero_ps(), d1 = d0, d2 = d0, d3 = d0;
    __m256 n0 = d0, n1 = d0, n2 = d0, n3 = d0;
    std::size_t j = 0;
    for (; j + 32 <= dim; j += 32) {
      const __m256 x0 = _mm256_loadu_ps(row + j), x1 = _mm256_loadu_ps(row + j + 8);
      const __m256 x2 = _mm256_loadu_ps(row + j + 16), x3 = _mm256_loadu_ps(row + j + 24);
      d0 = _mm256_fmadd_ps(x0, _mm256_loadu_ps(query + j), d0);
      d1 = _mm256_fmadd_ps(x1, _mm256_loadu_ps(query + j + 8), d1);
      d2 = _mm256_fmadd_ps(x2, _mm256_loadu_ps(query + j + 16), d2);
      d3 = _mm256_fmadd_ps(x3, _mm256_loadu_ps(query + j + 24), d3);
      n0 = _mm256_fmadd_ps(x0, x0, n0);
      n1 = _mm256_fmadd_ps(x1, x1, n1);
      n2 = _mm256_fmadd_ps(x2, x2, n2);
      n3 = _mm256_fmadd_ps(x3, x3, n3);
    }
    for (; j + 8 <= dim; j += 8) {
      const __m256 x = _mm256_loadu_ps(row + j);
      d0 = _mm256_fmadd_ps(x, _mm256_loadu_ps(query + j), d0);
      n0 = _mm256_fmadd_ps(x, x, n0);
    }
    float d = hsum256(_mm256_add_ps(_mm256_add_ps(d0, d1), _mm256_add_ps(d2, d3)));
    float n = hsum256(_mm256_add_ps(_mm256_add_ps(n0, n1), _mm256_add_ps(n2, n3)));
    for (; j < dim; ++j) {
      d += query[j] * row[j];
      n += row[j] * row[j];
    }
    dots[r] = d;
    norms2[r] = n;
  }
}

// Two rows at a time, so each query load serves both: on rows already in cache the loads
// (query and row, two per multiply-add) limit the one-row loop as much as the
// multiply-adds do. On rows streamed from L3 or memory this runs about 3x slower than the
// one-row loop (measured on top-10 of 10,000 x 384), so it is for cache-resident rows only.
// Eight independent FMA chains (2 rows x dot and norm x 2 halves) cover the FMA latency.
__attribute__((target("avx2,fma"))) inline void dot_norm_pairs_avx2(const float* query,
                                                               const float* rows,
                                                               std::size_t count,
                                                               std::size_t dim, float* dots,
                                                               float* norms2) {
  for (std::size_t r = 0; r < count; r += 2) {
    // An odd last row is paired with itself: each row's sums depend on its own values
    // only, so every row is summed in the same order and equal rows score equal (ties
    // then go to the lower index, as the reference has it).
    const bool pair = r + 1 < count;
    const float* row0 = rows + r * dim;
    const float* row1 = pair ? row0 + dim : row0;
    __m256 d0 = _mm256_setzero_ps(), d0b = d0, d1 = d0, d1b = d0;
    __m256 n0 = d0, n0b = d0, n1 = d0, n1b = d0;
    std::size_t j = 0;
    for (; j + 16 <= dim; j += 16) {
      const __m256 qa = _mm256_loadu_ps(query + j), qb = _mm256_loadu_ps(query + j + 8);
      const __m256 a0 = _mm256_loadu_ps(row0 + j), b0 = _mm256_loadu_ps(row0 + j + 8);
      const __m256 a1 = _mm256_loadu_ps(row1 + j), b1 = _mm256_loadu_ps(row1 + j + 8);
      d0 = _mm256_fmadd_ps(a0, qa, d0);
      d0b = _mm256_fmadd_ps(b0, qb, d0b);
      d1 = _mm256_fmadd_ps(a1, qa, d1);
      d1b = _mm256_fmadd_ps(b1, qb, d1b);
      n0 = _mm256_fmadd_ps(a0, a0, n0);
      n0b = _mm256_fmadd_ps(b0, b0, n0b);
      n1 = _mm256_fmadd_ps(a1, a1, n1);
      n1b = _mm256_fmadd_ps(b1, b1, n1b);
    }
    for (; j + 8 <= dim; j += 8) {
      const __m256 qa = _mm256_loadu_ps(query + j);
      const __m256 a0 = _mm256_loadu_ps(row0 + j), a1 = _mm256_loadu_ps(row1 + j);
      d0 = _mm256_fmadd_ps(a0, qa, d0);
      d1 = _mm256_fmadd_ps(a1, qa, d1);
      n0 = _mm256_fmadd_ps(a0, a0, n0);
      n1 = _mm256_fmadd_ps(a1, a1, n1);
    }
    float dot0 = hsum256(_mm256_add_ps(d0, d0b)), dot1 = hsum256(_mm256_add_ps(d1, d1b));
    float norm0 = hsum256(_mm256_add_ps(n0, n0b)), norm1 = hsum256(_mm256_add_ps(n1, n1b));
    for (; j < dim; ++j) {
      dot0 += query[j] * row0[j];
      dot1 += query[j] * row1[j];
      norm0 += row0[j] * row0[j];
      norm1 += row1[j] * row1[j];
    }
    dots[r] = dot0;
    norms2[r] = norm0;
    if (pair) {
      dots[r + 1] = dot1;
      norms2[r + 1] = norm1;
    }
  }
}

// Four rows per instruction: the double square root and division, one row at a time, cost
// more than the dot products of a 64-row block.
__attribute__((target("avx2,fma"))) inline void finish_cosines_avx2(const float* dots,
                                                                     const float* norms2,
                                                                     std::size_t count,
                                                                     double qnorm,
                                                                     float* scores) {
  const __m256d q = _mm256_set1_pd(qnorm), one = _mm256_set1_pd(1.0),
                minus_one = _mm256_set1_pd(-1.0);
  std::size_t r = 0;
  for (; r + 4 <= count; r += 4) {
    const __m256d dot = _mm256_cvtps_pd(_mm_loadu_ps(dots + r));
    const __m256d norm = _mm256_sqrt_pd(_mm256_cvtps_pd(_mm_loadu_ps(norms2 + r)));
    const __m256d cosine = _mm256_div_pd(dot, _mm256_mul_pd(norm, q));
    _mm_storeu_ps(scores + r,
                  _mm256_cvtpd_ps(_mm256_min_pd(one, _mm256_max_pd(minus_one, cosine))));
  }
  finish_cosines_generic(dots + r, norms2 + r, count - r, qnorm, scores + r);
}
#endif

// A matrix at most this large stays in a core's L2 between calls (thread centroids, a short
// turn log): its rows take the paired loop.
inline constexpr std::size_t kResidentBytes = std::size_t{256} << 10;

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

// `resident`: the caller's whole matrix fits in L2 (see kResidentBytes), so its rows are
// read from cache, where the paired loop is faster.
inline void dot_norm(const float* query, const float* rows, std::size_t count, std::size_t dim,
                     float* dots, float* norms2, bool resident = false) {
#ifdef MULTIHORIZON_X86_DISPATCH
  // AVX2 is the widest here: the loop is bound by cache bandwidth, not by lanes.
  if (at_least(Level::kAvx2)) {
    if (resident) {
      dot_norm_pairs_avx2(query, rows, count, dim, dots, norms2);
    } else {
      dot_norm_avx2(query, rows, count, dim, dots, norms2);
    }
    return;
  }
#endif
  dot_norm_generic(query, rows, count, dim, dots, norms2);
}

// scores[r] = clip(dots[r] / (sqrt(norms2[r]) * qnorm)) in double when every row's float sums
// are in range (true); false, with scores untouched, when one is not.
inline bool finish_cosines(const float* dots, const float* norms2, std::size_t count,
                           double qnorm, float* scores) {
  if (!sums_in_range(dots, norms2, count)) return false;
#ifdef MULTIHORIZON_X86_DISPATCH
  if (at_least(Level::kAvx2)) {
    finish_cosines_avx2(dots, norms2, count, qnorm, scores);
    return true;
  }
#endif
  finish_cosines_generic(dots, norms2, count, qnorm, scores);
  return true;
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

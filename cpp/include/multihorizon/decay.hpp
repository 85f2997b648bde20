// Recency decay, SPEC-028 §3.2: weight = 0.5 ** ((current - turn_id) / half_life).
// Reference definition: recency_weights in src/multihorizon/_kernels_py.py.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>

#include "multihorizon/simd.hpp"

namespace multihorizon {

// Past 126 halvings the weight is below float32's smallest normal (2**-126): it is returned
// as exactly 0, so no subnormal reaches later arithmetic (no denormal slow paths).
inline constexpr double kMaxHalvings = 126.0;

// e**t for |t| <= ln(2)/2: degree-5 polynomial fitted for least maximum relative error
// (9.2e-8, inside float32's rounding of the result) with the constant term held at exactly
// 1, so an age that is a whole number of half-lives weighs exactly 2**-n. Two fewer
// multiply-adds than the degree-7 Taylor series the 1e-6 accuracy would otherwise take.
inline constexpr double kExp[6] = {1.0, 0.9999997071890457, 0.4999914953028674,
                                   0.16667636196119, 0.041897929336919805,
                                   0.008290314633104576};

class RecencyDecay {
 public:
  RecencyDecay(std::int64_t current, double half_life)
      : current_(current),
        half_life_(half_life),
        // A subnormal half-life's reciprocal overflows to inf, and 0 * inf is NaN: capped,
        // age 0 still weighs exactly 1, and every older age is past max_age_ anyway.
        inverse_half_life_(std::min(1.0 / half_life, std::numeric_limits<double>::max())) {
    // The largest age whose exponent, computed as age / half_life like the reference, is
    // still <= 126. The comparison is monotonic in the age, so one integer bound decides it
    // exactly, and the loop below can multiply by the reciprocal instead of dividing.
    // Ages are below 2**62 (the bindings check current); the steps below are bounded by
    // the spacing of doubles near the guess, at most a few hundred.
    constexpr std::int64_t kAgeLimit = std::int64_t{1} << 62;
    if (static_cast<double>(kAgeLimit) / half_life <= kMaxHalvings) {
      max_age_ = kAgeLimit;  // every possible age keeps its weight
      return;
    }
    auto age = static_cast<std::int64_t>(std::floor(kMaxHalvings * half_life));
    while (age > 0 && static_cast<double>(age) / half_life > kMaxHalvings) --age;
    while (age < kAgeLimit && static_cast<double>(age + 1) / half_life <= kMaxHalvings) ++age;
    max_age_ = age;
  }

  // The oldest age with a nonzero weight: every older turn weighs exactly 0.
  std::int64_t max_age() const { return max_age_; }

  // out[i] for ids[i]; returns -1, or the first index whose id is not in [0, current].
  std::int64_t weights(const std::int64_t* ids, std::size_t count, float* out) const {
    // The vector loops convert ages to double through the mantissa, exact below 2**52; a
    // half-life so long that older ages still count takes the plain loop instead.
    constexpr std::int64_t kMantissaAges = std::int64_t{1} << 52;
#ifdef MULTIHORIZON_X86_DISPATCH
    const bool bad = max_age_ >= kMantissaAges                ? weights_plain(ids, count, out)
                     : simd::at_least(simd::Level::kAvx512) ? weights_avx512(ids, count, out)
                     : simd::at_least(simd::Level::kAvx2) ? weights_avx2(ids, count, out)
                                                          : weights_generic(ids, count, out);
#else
    const bool bad = max_age_ >= kMantissaAges ? weights_plain(ids, count, out)
                                               : weights_generic(ids, count, out);
#endif
    if (!bad) return -1;
    for (std::size_t i = 0; i < count; ++i) {
      if (ids[i] < 0 || ids[i] > current_) return static_cast<std::int64_t>(i);
    }
    return -1;
  }

 private:
  // current - id with wrap-around instead of signed overflow (undefined behaviour) for ids
  // outside [0, current], which are flagged invalid by their own comparison, never by the
  // wrapped age. For valid ids the result is the exact age.
  static std::int64_t age_of(std::int64_t current, std::int64_t id) {
    return static_cast<std::int64_t>(static_cast<std::uint64_t>(current) -
                                     static_cast<std::uint64_t>(id));
  }

  // The formula as the reference writes it.
  bool weights_plain(const std::int64_t* ids, std::size_t count, float* out) const {
    bool invalid = false;
    for (std::size_t i = 0; i < count; ++i) {
      const std::int64_t age = age_of(current_, ids[i]);
      invalid |= ids[i] > current_ || ids[i] < 0;
      out[i] = age < 0 || age > max_age_
                   ? 0.0f
                   : static_cast<float>(std::pow(0.5, static_cast<double>(age) / half_life_));
    }
    return invalid;
  }

  static double bits_to_double(std::uint64_t bits) {
    double value;
    std::memcpy(&value, &bits, sizeof value);
    return value;
  }
  static std::uint64_t double_to_bits(double value) {
    std::uint64_t bits;
    std::memcpy(&bits, &value, sizeof bits);
    return bits;
  }

  // Branch-free so the compiler vectorises it: 2**-x as 2**-n * 2**f with n = round(x) and
  // f in [-0.5, 0.5], 2**f = e**t (t = f ln 2) by the degree-5 polynomial below, 2**-n
  // assembled in the exponent bits.
  __attribute__((always_inline)) inline bool weights_body(const std::int64_t* ids,
                                                          std::size_t count,
                                                          float* out) const {
    constexpr double kTwo52 = 4503599627370496.0;             // 2**52
    constexpr double kRoundMagic = 6755399441055744.0;         // 1.5 * 2**52
    constexpr std::uint64_t kTwo52Bits = 0x4330000000000000;  // bits of 2**52
    constexpr double kLn2 = 0.6931471805599453;
    const std::uint64_t round_magic_bits = double_to_bits(kRoundMagic);
    std::int64_t invalid = 0;
    for (std::size_t i = 0; i < count; ++i) {
      const std::int64_t age = age_of(current_, ids[i]);
      invalid |= (ids[i] > current_) | (ids[i] < 0);
      const bool too_old = age > max_age_;
      // Exact int64 -> double for 0 <= age < 2**52 via the mantissa, which vectorises on
      // AVX2 where a plain conversion would not.
      const std::int64_t clamped = too_old || age < 0 ? 0 : age;
      const double exact_age =
          bits_to_double(kTwo52Bits | static_cast<std::uint64_t>(clamped)) - kTwo52;
      const double halvings = exact_age * inverse_half_life_;
      const double rounded = (halvings + kRoundMagic) - kRoundMagic;
      const std::uint64_t whole = double_to_bits(halvings + kRoundMagic) - round_magic_bits;
      const double t = (rounded - halvings) * kLn2;  // in [-0.35, 0.35]
      const double t2 = t * t;
      const double series = (kExp[0] + kExp[1] * t) +
                            t2 * ((kExp[2] + kExp[3] * t) + t2 * (kExp[4] + kExp[5] * t));
      const double scale = bits_to_double((1023 - whole) << 52);
      out[i] = too_old ? 0.0f : static_cast<float>(series * scale);
    }
    return invalid != 0;
  }

  bool weights_generic(const std::int64_t* ids, std::size_t count, float* out) const {
    return weights_body(ids, count, out);
  }

#ifdef MULTIHORIZON_X86_DISPATCH
  // weights_body four lanes at a time; the same steps, spelled out because GCC does not
  // vectorise the scalar loop (int64 compares and selects).
  __attribute__((target("avx2,fma"))) bool weights_avx2(const std::int64_t* ids,
                                                        std::size_t count, float* out) const {
    const __m256i zero = _mm256_setzero_si256();
    const __m256i current = _mm256_set1_epi64x(current_);
    const __m256i max_age = _mm256_set1_epi64x(max_age_);
    const __m256i two52_bits = _mm256_set1_epi64x(0x4330000000000000);
    const __m256i exponent_bias = _mm256_set1_epi64x(1023);
    const __m256d two52 = _mm256_set1_pd(4503599627370496.0);
    const __m256d round_magic = _mm256_set1_pd(6755399441055744.0);
    const __m256d inverse = _mm256_set1_pd(inverse_half_life_);
    const __m256d ln2 = _mm256_set1_pd(0.6931471805599453);
    __m256i invalid = zero;
    std::size_t i = 0;
    for (; i + 4 <= count; i += 4) {
      const __m256i id = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(ids + i));
      const __m256i age = _mm256_sub_epi64(current, id);
      const __m256i negative =
          _mm256_or_si256(_mm256_cmpgt_epi64(zero, age), _mm256_cmpgt_epi64(zero, id));
      invalid = _mm256_or_si256(invalid, negative);
      const __m256i zeroed = _mm256_or_si256(_mm256_cmpgt_epi64(age, max_age), negative);
      const __m256i clamped = _mm256_andnot_si256(zeroed, age);
      const __m256d exact_age = _mm256_sub_pd(
          _mm256_castsi256_pd(_mm256_or_si256(clamped, two52_bits)), two52);
      const __m256d halvings = _mm256_mul_pd(exact_age, inverse);
      const __m256d shifted = _mm256_add_pd(halvings, round_magic);
      const __m256d rounded = _mm256_sub_pd(shifted, round_magic);
      const __m256i whole =
          _mm256_sub_epi64(_mm256_castpd_si256(shifted), _mm256_castpd_si256(round_magic));
      const __m256d t = _mm256_mul_pd(_mm256_sub_pd(rounded, halvings), ln2);
      // Estrin's scheme: three dependent steps instead of five. Multiplies and adds are not
      // fused, so each lane rounds exactly as weights_body does: the same bits on every level.
      const __m256d t2 = _mm256_mul_pd(t, t);
      const __m256d low = _mm256_add_pd(_mm256_set1_pd(kExp[0]),
                                        _mm256_mul_pd(_mm256_set1_pd(kExp[1]), t));
      const __m256d mid = _mm256_add_pd(_mm256_set1_pd(kExp[2]),
                                        _mm256_mul_pd(_mm256_set1_pd(kExp[3]), t));
      const __m256d high = _mm256_add_pd(_mm256_set1_pd(kExp[4]),
                                         _mm256_mul_pd(_mm256_set1_pd(kExp[5]), t));
      const __m256d series =
          _mm256_add_pd(low, _mm256_mul_pd(t2, _mm256_add_pd(mid, _mm256_mul_pd(t2, high))));
      const __m256d scale =
          _mm256_castsi256_pd(_mm256_slli_epi64(_mm256_sub_epi64(exponent_bias, whole), 52));
      const __m256d weight = _mm256_andnot_pd(_mm256_castsi256_pd(zeroed),
                                              _mm256_mul_pd(series, scale));
      _mm_storeu_ps(out + i, _mm256_cvtpd_ps(weight));
    }
    const bool tail_invalid = weights_body(ids + i, count - i, out + i);
    return tail_invalid || !_mm256_testz_si256(invalid, invalid);
  }

  // weights_body eight lanes at a time. AVX-512 has what AVX2 lacks here (int64 -> double
  // conversion, rounding, compare-to-mask, and scalef for the 2**-n factor), so each lane
  // takes about half the instructions.
  __attribute__((target("avx512f,avx512dq,avx512vl"))) bool weights_avx512(
      const std::int64_t* ids, std::size_t count, float* out) const {
    const __m512i zero = _mm512_setzero_si512();
    const __m512i current = _mm512_set1_epi64(current_);
    const __m512i max_age = _mm512_set1_epi64(max_age_);
    const __m512d inverse = _mm512_set1_pd(inverse_half_life_);
    const __m512d ln2 = _mm512_set1_pd(0.6931471805599453);
    __mmask8 invalid = 0;
    std::size_t i = 0;
    for (; i + 8 <= count; i += 8) {
      const __m512i id = _mm512_loadu_si512(ids + i);
      const __m512i age = _mm512_sub_epi64(current, id);
      const __mmask8 negative =
          _mm512_cmplt_epi64_mask(age, zero) | _mm512_cmplt_epi64_mask(id, zero);
      invalid |= negative;
      const __mmask8 kept = _mm512_cmple_epi64_mask(age, max_age) & ~negative;
      const __m512d halvings = _mm512_mul_pd(_mm512_cvtepi64_pd(age), inverse);
      const __m512d whole =
          _mm512_roundscale_pd(halvings, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
      const __m512d t = _mm512_mul_pd(_mm512_sub_pd(whole, halvings), ln2);
      const __m512d t2 = _mm512_mul_pd(t, t);  // unfused, as in the AVX2 loop
      const __m512d low = _mm512_add_pd(_mm512_set1_pd(kExp[0]),
                                        _mm512_mul_pd(_mm512_set1_pd(kExp[1]), t));
      const __m512d mid = _mm512_add_pd(_mm512_set1_pd(kExp[2]),
                                        _mm512_mul_pd(_mm512_set1_pd(kExp[3]), t));
      const __m512d high = _mm512_add_pd(_mm512_set1_pd(kExp[4]),
                                         _mm512_mul_pd(_mm512_set1_pd(kExp[5]), t));
      const __m512d series =
          _mm512_add_pd(low, _mm512_mul_pd(t2, _mm512_add_pd(mid, _mm512_mul_pd(t2, high))));
      const __m512d weight =
          _mm512_maskz_scalef_pd(kept, series, _mm512_sub_pd(_mm512_setzero_pd(), whole));
      _mm256_storeu_ps(out + i, _mm512_cvtpd_ps(weight));
    }
    const bool tail_invalid = weights_body(ids + i, count - i, out + i);
    return tail_invalid || invalid != 0;
  }
#endif

  std::int64_t current_;
  double half_life_;
  double inverse_half_life_;
  std::int64_t max_age_ = 0;
};

}  // namespace multihorizon

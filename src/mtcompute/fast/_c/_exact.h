/* The exactness preamble of every kernel that computes doubles: each operation evaluated as
 * written, in double precision, so that the results are the pure-Python oracle's bit for bit.
 * GCC is told the same by setup.py's -ffp-contract=off; clang by the pragma. A platform that
 * evaluates doubles in a wider format (x87) does not build the kernel at all: its Python path
 * serves instead, which computes the same results.
 */

#ifndef MTCOMPUTE_EXACT_H
#define MTCOMPUTE_EXACT_H

#include <float.h>

#if defined(__clang__)
#pragma STDC FP_CONTRACT OFF
#endif
#if !defined(FLT_EVAL_METHOD) || FLT_EVAL_METHOD != 0
#error "doubles are evaluated in a wider format here: the Python path serves instead"
#endif

/* A loop compiled a second time for AVX2 and chosen when the processor has it: the same
 * IEEE-754 operations on more lanes at once (no FMA: contraction is off), so the same doubles. */
#if defined(__x86_64__) && defined(__linux__) && defined(__has_attribute)
#if __has_attribute(target_clones)
#define VECTORISED __attribute__((target_clones("avx2", "default")))
#endif
#endif
#ifndef VECTORISED
#define VECTORISED
#endif

#endif

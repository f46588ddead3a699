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

#endif

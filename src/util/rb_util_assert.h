/*
 * rb_util_assert.h - RB_ASSERT(expr): a contract a caller could break,
 * stated where it is relied on and checked in the builds made for finding
 * mistakes.
 *
 * The checks are on when the compile definition RB_ASSERTS is set: the top
 * CMakeLists.txt sets it for Debug builds, for the sanitizer builds
 * (RB_SANITIZE, RB_TSAN) and when the option RB_ASSERT is on; Release and
 * RelWithDebInfo builds compile them out. Compiled out, the expression is
 * not evaluated, but it still sits inside sizeof, so it keeps being type
 * checked and the variables it names count as used.
 *
 * A broken contract is a programming error, not a condition to recover
 * from: a failed assertion prints its file, line, function and expression
 * (and the reason, for RB_ASSERT_MSG) on stderr and aborts. That message is
 * the one output the rules library allows itself, as assert.h would be.
 * Where a Release build defends against the same mistake, the assertion
 * goes right above the defence, which stays:
 *
 *     RB_ASSERT(sq >= 0 && sq < RB_NSQ);
 *     if (sq < 0 || sq >= RB_NSQ) {
 *         return -1;
 *     }
 *
 * The macros are expressions of type void, so they fit wherever a function
 * call would, an inline function in a header included.
 */
#ifndef RB_UTIL_ASSERT_H
#define RB_UTIL_ASSERT_H

#include <stddef.h> /* NULL, for RB_ASSERT */

/* Prints the failed contract on stderr and aborts (assert.c). why may be
 * NULL. */
_Noreturn void rb_util_assert_fail(const char *expr, const char *why, const char *file, int line, const char *func);

/* Each macro turns its own argument into text, so that the message shows
 * the expression as written (RB_NSQ, not 40). */
#ifdef RB_ASSERTS
#define RB_ASSERT(expr) ((expr) ? (void)0 : rb_util_assert_fail(#expr, NULL, __FILE__, __LINE__, __func__))
#define RB_ASSERT_MSG(expr, why) ((expr) ? (void)0 : rb_util_assert_fail(#expr, (why), __FILE__, __LINE__, __func__))
#else
#define RB_ASSERT(expr) ((void)sizeof((expr) ? 1 : 0))
#define RB_ASSERT_MSG(expr, why) ((void)sizeof((expr) ? 1 : 0))
#endif

/* Marks a function that only contracts call (static RB_FOR_CONTRACTS bool
 * ...). Without the contracts nothing calls it, and clang would say it is
 * not needed; with them it is checked and used like any other. */
#if defined(__GNUC__) || defined(__clang__)
#define RB_FOR_CONTRACTS __attribute__((unused))
#else
#define RB_FOR_CONTRACTS
#endif

#endif

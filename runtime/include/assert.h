/* assert.h - assert(), which prints the failed expression to stderr and calls abort() (status 134).
 * Like every assert.h it may be included again after changing NDEBUG, hence no include guard.
 * Note that CMake's Release configuration defines NDEBUG. */
#undef assert

#ifdef NDEBUG
#define assert(x) ((void)0)
#else
#define assert(x) ((void)((x) || (__assert_fail(#x, __FILE__, __LINE__, __func__), 0)))
#endif

#ifndef _ASSERT_H_DECL
#define _ASSERT_H_DECL
__attribute__((__noreturn__)) void __assert_fail(const char* expr, const char* file, int line,
                                                 const char* func);
#endif

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Time limits that follow the kernel under test: a debug kernel (KASAN,
 * lockdep, kmemleak, delayed kobject releases) under TCG is several times
 * slower, and vm/run says how much in $GDC_TIME_FACTOR.
 */
#ifndef GENDISK_TIME_H
#define GENDISK_TIME_H

/* $GDC_TIME_FACTOR as a number in 1..100; 1 when unset or invalid. */
unsigned int gd_time_factor(void);

#ifdef __KSELFTEST_HARNESS_H
/*
 * For a test program's main(), before test_harness_run(): multiply every
 * test's timeout (TEST_F_TIMEOUT, or the harness default) by
 * gd_time_factor().
 */
static inline void gd_scale_test_timeouts(void)
{
	struct __fixture_metadata *f;
	struct __test_metadata *t;

	for (f = __fixture_list; f; f = f->next)
		for (t = f->tests; t; t = t->next)
			t->timeout *= gd_time_factor();
}
#endif

#endif /* GENDISK_TIME_H */

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Systematic fault injection, one task at a time: make the N-th
 * fault-injectable call of this task fail (/proc/thread-self/fail-nth,
 * Documentation/fault-injection/fault-injection.rst).
 *
 * fail-nth counts every should_fail() the task passes through, of every
 * fault type the kernel has (failslab, fail_page_alloc, futex, ...); it
 * ignores probability, interval and times, but each type's own filters
 * still apply: by default failslab and fail_page_alloc skip allocations
 * that may sleep (ignore-gfp-wait) and fail_page_alloc skips order-0 and
 * highmem pages, which would leave out almost every GFP_KERNEL call of a
 * driver's bring-up.  gd_failnth_setup() clears those filters.
 */
#ifndef GENDISK_FAILNTH_H
#define GENDISK_FAILNTH_H

#include <stdbool.h>
#include <stddef.h>

/*
 * Clear the filters above (the old values are kept for
 * gd_failnth_restore()).  0, or -1 with the reason in @err: no fail-nth
 * (a kernel without CONFIG_FAULT_INJECTION), no failslab or
 * fail_page_alloc directory in debugfs.
 */
int gd_failnth_setup(char *err, size_t errlen);

/* Put the filters back as gd_failnth_setup() found them. */
void gd_failnth_restore(void);

/* Open this task's fail-nth: a descriptor, or -errno. */
int gd_failnth_open(void);

/* Make the @n-th fault-injectable call of this task fail (0 disarms). */
int gd_failnth_arm(int fd, unsigned int n);

/*
 * Disarm and return what was left of the counter: 0 when the armed
 * failure was injected, else how many calls short of it the task stopped
 * (-1: unreadable).  Reading it allocates nothing, so the read itself
 * cannot consume the count.
 */
long gd_failnth_disarm(int fd);

/* What is left of the counter, still armed (-1: unreadable). */
long gd_failnth_left(int fd);

#endif /* GENDISK_FAILNTH_H */

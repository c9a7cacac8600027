// SPDX-License-Identifier: GPL-2.0
/*
 * The time factor of the kernel under test (see gendisk_time.h).
 */
#include <stdlib.h>

#include "gendisk_time.h"

unsigned int gd_time_factor(void)
{
	const char *s = getenv("GDC_TIME_FACTOR");
	char *end;
	long n;

	if (!s || !*s)
		return 1;
	n = strtol(s, &end, 10);
	if (*end || n < 1 || n > 100)
		return 1;
	return (unsigned int)n;
}

/* SPDX-License-Identifier: GPL-2.0 */
#ifndef ZMOD_H
#define ZMOD_H

#include <linux/blkdev.h>

struct zmod_unit {
	struct gendisk *disk;
	unsigned int index;
};

void zmod_unit_destroy(struct zmod_unit *unit);

#endif

/* SPDX-License-Identifier: GPL-2.0 */
#ifndef XMOD_H
#define XMOD_H

#include <linux/blkdev.h>

struct xmod_dev {
	struct gendisk *disk;
	int id;
};

void xmod_teardown(struct xmod_dev *dev);
int xmod_stats_init(struct xmod_dev *dev);

#endif

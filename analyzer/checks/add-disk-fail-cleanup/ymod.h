/* SPDX-License-Identifier: GPL-2.0 */
#ifndef YMOD_H
#define YMOD_H

#include <linux/blkdev.h>

struct ymod_dev {
	struct gendisk *disk;
	int id;
};

void ymod_put_unadded(struct ymod_dev *dev);
void ymod_remove(struct ymod_dev *dev);

#endif

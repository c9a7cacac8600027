/* SPDX-License-Identifier: GPL-2.0 */
#ifndef KMOD_H
#define KMOD_H

#include <linux/blkdev.h>
#include <linux/kobject.h>

/* a volume whose lifetime is its kobject's: the release frees it */
struct kmod_vol {
	struct kobject kobj;
	struct gendisk *disk;
	int id;
};

extern const struct kobj_type kmod_vol_ktype;
void kmod_vol_release(struct kobject *kobj);

#endif

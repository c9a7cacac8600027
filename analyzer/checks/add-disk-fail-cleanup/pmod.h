/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PMOD_H
#define PMOD_H

#include <linux/blkdev.h>
#include <linux/kobject.h>

/* a volume whose lifetime is its kobject's: the release frees it */
struct pmod_vol {
	struct kobject kobj;
	struct gendisk *disk;
	int id;
};

extern const struct kobj_type pmod_vol_ktype;
void pmod_vol_release(struct kobject *kobj);

#endif

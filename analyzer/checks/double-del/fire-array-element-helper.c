// SPDX-License-Identifier: GPL-2.0
/*
 * Disks kept in an array of unit structs (the ataflop/floppy shape) and
 * removed through a same-file helper taking the array element:
 * module exit deletes each disk itself and then calls the helper,
 * which deletes it again (reference-driver seeded variant double-del).
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/slab.h>

#define XFD_UNITS 4

struct xfd_unit {
	struct gendisk *disk;
	unsigned int index;
};

static struct xfd_unit *xfd_units[XFD_UNITS];

static void xfd_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations xfd_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= xfd_submit_bio,
};

static int xfd_alloc_unit(unsigned int index)
{
	struct xfd_unit *u;
	struct gendisk *disk;

	u = kzalloc(sizeof(*u), GFP_KERNEL);
	if (!u)
		return -ENOMEM;
	disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(disk)) {
		kfree(u);
		return PTR_ERR(disk);
	}
	disk->fops = &xfd_fops;
	disk->private_data = u;
	snprintf(disk->disk_name, DISK_NAME_LEN, "xfd%u", index);
	set_capacity(disk, 2048);
	u->disk = disk;
	u->index = index;
	xfd_units[index] = u;
	return 0;
}

static void xfd_remove_unit(struct xfd_unit *u)
{
	del_gendisk(u->disk);
	put_disk(u->disk);
	xfd_units[u->index] = NULL;
	kfree(u);
}

static int __init xfd_init(void)
{
	unsigned int i;
	int err;

	for (i = 0; i < XFD_UNITS; i++) {
		err = xfd_alloc_unit(i);
		if (err)
			goto out_put;
		err = add_disk(xfd_units[i]->disk);
		if (err) {
			put_disk(xfd_units[i]->disk);
			kfree(xfd_units[i]);
			xfd_units[i] = NULL;
			goto out_put;
		}
	}
	return 0;

out_put:
	while (i--)
		xfd_remove_unit(xfd_units[i]);
	return err;
}

static void __exit xfd_exit(void)
{
	unsigned int i = XFD_UNITS;

	while (i--) {
		if (xfd_units[i]) {
			del_gendisk(xfd_units[i]->disk);
			xfd_remove_unit(xfd_units[i]);
		}
	}
}

module_init(xfd_init);
module_exit(xfd_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: del_gendisk() of devs[i]->disk, then a helper that deletes devs[i] (summary on an array element)
 * (--rule: this module init also fails after a disk went live, which
 * fail-after-add reports; see fail-after-add/fire-init-fails-after-unwind.c)
 * check-command: gendisk-lint --rule double-del --kdir $KDIR $file
 *
 * check-output-start
fire-array-element-helper.c:94:4: warning: del_gendisk() called twice on 'xfd_units[]->disk' [double-del]
fire-array-element-helper.c:93:4: note: first del_gendisk() here
 * check-output-end
 */

// SPDX-License-Identifier: GPL-2.0
/*
 * Disks in an array of unit structs, released through a helper taking
 * the element: module exit deletes and puts each disk and then calls
 * the free helper, which puts the same element again.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/slab.h>

#define ZFD_UNITS 4

struct zfd_unit {
	struct gendisk *disk;
	unsigned int index;
};

static struct zfd_unit *zfd_units[ZFD_UNITS];

static void zfd_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations zfd_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= zfd_submit_bio,
};

static int zfd_alloc_unit(unsigned int index)
{
	struct zfd_unit *u;
	struct gendisk *disk;

	u = kzalloc(sizeof(*u), GFP_KERNEL);
	if (!u)
		return -ENOMEM;
	disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(disk)) {
		kfree(u);
		return PTR_ERR(disk);
	}
	disk->fops = &zfd_fops;
	disk->private_data = u;
	snprintf(disk->disk_name, DISK_NAME_LEN, "zfd%u", index);
	set_capacity(disk, 2048);
	u->disk = disk;
	u->index = index;
	zfd_units[index] = u;
	return 0;
}

static void zfd_remove_unit(struct zfd_unit *u)
{
	del_gendisk(u->disk);
	put_disk(u->disk);
	zfd_units[u->index] = NULL;
	kfree(u);
}

/* the put half of the teardown: ataflop/floppy put in their own loop */
static void zfd_free_unit(struct zfd_unit *u)
{
	put_disk(u->disk);
	zfd_units[u->index] = NULL;
	kfree(u);
}

static int __init zfd_init(void)
{
	unsigned int i;
	int err;

	for (i = 0; i < ZFD_UNITS; i++) {
		err = zfd_alloc_unit(i);
		if (err)
			goto out_put;
		err = add_disk(zfd_units[i]->disk);
		if (err) {
			put_disk(zfd_units[i]->disk);
			kfree(zfd_units[i]);
			zfd_units[i] = NULL;
			goto out_put;
		}
	}
	return 0;

out_put:
	while (i--)
		zfd_remove_unit(zfd_units[i]);
	return err;
}

static void __exit zfd_exit(void)
{
	unsigned int i;

	for (i = 0; i < ZFD_UNITS; i++) {
		if (!zfd_units[i])
			continue;
		del_gendisk(zfd_units[i]->disk);
		put_disk(zfd_units[i]->disk);
		zfd_free_unit(zfd_units[i]);
	}
}

module_init(zfd_init);
module_exit(zfd_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: put_disk() of devs[i]->disk, then a helper that puts devs[i] again (summary on an array element)
 * (--rule: this module init also fails after a disk went live, which
 * fail-after-add reports; see fail-after-add/fire-init-fails-after-unwind.c)
 * check-command: gendisk-lint --rule double-put --kdir $KDIR $file
 *
 * check-output-start
fire-array-element-helper.c:103:3: warning: put_disk() called twice on 'zfd_units[]->disk' [double-put]
fire-array-element-helper.c:102:3: note: first put_disk() here
 * check-output-end
 */

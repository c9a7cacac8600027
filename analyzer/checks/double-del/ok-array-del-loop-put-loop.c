// SPDX-License-Identifier: GPL-2.0
/*
 * Disks in an array, torn down in two loops as floppy.c's exit does:
 * del_gendisk() of each disk in the first loop, the put half through a
 * helper taking the element in the second.  Each disk is deleted and put
 * once; the same element is reached in both loops only under another
 * value of the index.
 *
 * Run with --rule double-del: the module init also fails after a disk went
 * live, which fail-after-add reports (fire-init-fails-after-unwind.c).
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/slab.h>

#define YFD_UNITS 4

struct yfd_unit {
	struct gendisk *disk;
	unsigned int index;
};

static struct yfd_unit *yfd_units[YFD_UNITS];

static void yfd_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations yfd_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= yfd_submit_bio,
};

static int yfd_alloc_unit(unsigned int index)
{
	struct yfd_unit *u;
	struct gendisk *disk;

	u = kzalloc(sizeof(*u), GFP_KERNEL);
	if (!u)
		return -ENOMEM;
	disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(disk)) {
		kfree(u);
		return PTR_ERR(disk);
	}
	disk->fops = &yfd_fops;
	disk->private_data = u;
	snprintf(disk->disk_name, DISK_NAME_LEN, "yfd%u", index);
	set_capacity(disk, 2048);
	u->disk = disk;
	u->index = index;
	yfd_units[index] = u;
	return 0;
}

static void yfd_remove_unit(struct yfd_unit *u)
{
	del_gendisk(u->disk);
	put_disk(u->disk);
	yfd_units[u->index] = NULL;
	kfree(u);
}

/* the put half of the teardown: ataflop/floppy put in their own loop */
static void yfd_free_unit(struct yfd_unit *u)
{
	put_disk(u->disk);
	yfd_units[u->index] = NULL;
	kfree(u);
}

static int __init yfd_init(void)
{
	unsigned int i;
	int err;

	for (i = 0; i < YFD_UNITS; i++) {
		err = yfd_alloc_unit(i);
		if (err)
			goto out_put;
		err = add_disk(yfd_units[i]->disk);
		if (err) {
			put_disk(yfd_units[i]->disk);
			kfree(yfd_units[i]);
			yfd_units[i] = NULL;
			goto out_put;
		}
	}
	return 0;

out_put:
	while (i--)
		yfd_remove_unit(yfd_units[i]);
	return err;
}

static void __exit yfd_exit(void)
{
	unsigned int i;

	for (i = 0; i < YFD_UNITS; i++)
		if (yfd_units[i])
			del_gendisk(yfd_units[i]->disk);
	for (i = 0; i < YFD_UNITS; i++)
		if (yfd_units[i])
			yfd_free_unit(yfd_units[i]);
}

module_init(yfd_init);
module_exit(yfd_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: del each element in one loop, put each through a helper in another
 * check-command: gendisk-lint --rule double-del --kdir $KDIR $file
 */

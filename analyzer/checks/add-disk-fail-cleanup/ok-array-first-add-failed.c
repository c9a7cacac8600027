// SPDX-License-Identifier: GPL-2.0
/*
 * The reference unwinding: a failure before any disk went live (prepare
 * failed, or the first add_disk() failed: nr_added == 0) puts the
 * prepared disks only; after some disks went live, the added ones
 * (i < nr_added, counted by the loop) are deleted and put, the others put.
 * The counters are followed (++, i-- > 0 in a two-clause for), so no
 * path deletes a disk that was never added.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/slab.h>

#define AX_NR 4

struct ax_dev {
	unsigned int index;
	struct gendisk *disk;
};

static struct ax_dev *ax_devs[AX_NR];

static void ax_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations ax_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= ax_submit_bio,
};

/* Allocates the disk and records it in ax_devs[index] when it returns 0. */
static int ax_prepare(unsigned int index)
{
	struct ax_dev *dev;
	struct gendisk *disk;
	int err;

	dev = kzalloc(sizeof(*dev), GFP_KERNEL);
	if (!dev)
		return -ENOMEM;
	dev->index = index;
	disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(disk)) {
		err = PTR_ERR(disk);
		goto err_free;
	}
	dev->disk = disk;
	disk->fops = &ax_fops;
	disk->private_data = dev;
	snprintf(disk->disk_name, DISK_NAME_LEN, "ax%u", index);
	set_capacity(disk, 2048);
	ax_devs[index] = dev;
	return 0;

err_free:
	kfree(dev);
	return err;
}

/* Undoes ax_prepare() for a disk that was never added. */
static void ax_put_unadded(struct ax_dev *dev)
{
	put_disk(dev->disk);
	ax_devs[dev->index] = NULL;
	kfree(dev);
}

static void ax_del_one(struct ax_dev *dev)
{
	del_gendisk(dev->disk);
	put_disk(dev->disk);
	ax_devs[dev->index] = NULL;
	kfree(dev);
}

static int __init ax_init(void)
{
	unsigned int nr_prepared, nr_added, i;
	int err = 0;

	for (nr_prepared = 0; nr_prepared < AX_NR; nr_prepared++) {
		err = ax_prepare(nr_prepared);
		if (err)
			goto err_put_prepared;
	}

	for (nr_added = 0; nr_added < AX_NR; nr_added++) {
		err = add_disk(ax_devs[nr_added]->disk);
		if (err)
			break;
	}
	if (err && nr_added == 0)
		goto err_put_prepared;
	if (err) {
		/* some disks are live: take them all down, keep the module */
		for (i = AX_NR; i-- > nr_added; )
			ax_put_unadded(ax_devs[i]);
		for (i = nr_added; i-- > 0; )
			ax_del_one(ax_devs[i]);
		return 0;
	}
	return 0;

err_put_prepared:
	while (nr_prepared--)
		ax_put_unadded(ax_devs[nr_prepared]);
	return err;
}

static void __exit ax_exit(void)
{
	unsigned int i = AX_NR;

	while (i--)
		if (ax_devs[i])
			ax_del_one(ax_devs[i]);
}

module_init(ax_init);
module_exit(ax_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: array unwinding told apart by the add counter
 */

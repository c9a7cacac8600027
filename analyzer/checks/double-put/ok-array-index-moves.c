// SPDX-License-Identifier: GPL-2.0
/*
 * Disks in an array, torn down pairwise as a driver with two disks per
 * unit does: the disk of element i is put inline, the index moves on and
 * the helper puts the next element.  Two puts on one collapsed path,
 * but on different elements: no double put.
 *
 * Run with --rule double-put: the module init also fails after a disk went
 * live, which fail-after-add reports (fire-init-fails-after-unwind.c).
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/slab.h>

#define WFD_UNITS 4

struct wfd_unit {
	struct gendisk *disk;
	unsigned int index;
};

static struct wfd_unit *wfd_units[WFD_UNITS];

static void wfd_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations wfd_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= wfd_submit_bio,
};

static int wfd_alloc_unit(unsigned int index)
{
	struct wfd_unit *u;
	struct gendisk *disk;

	u = kzalloc(sizeof(*u), GFP_KERNEL);
	if (!u)
		return -ENOMEM;
	disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(disk)) {
		kfree(u);
		return PTR_ERR(disk);
	}
	disk->fops = &wfd_fops;
	disk->private_data = u;
	snprintf(disk->disk_name, DISK_NAME_LEN, "wfd%u", index);
	set_capacity(disk, 2048);
	u->disk = disk;
	u->index = index;
	wfd_units[index] = u;
	return 0;
}

static void wfd_remove_unit(struct wfd_unit *u)
{
	del_gendisk(u->disk);
	put_disk(u->disk);
	wfd_units[u->index] = NULL;
	kfree(u);
}

/* the put half of the teardown: ataflop/floppy put in their own loop */
static void wfd_free_unit(struct wfd_unit *u)
{
	put_disk(u->disk);
	wfd_units[u->index] = NULL;
	kfree(u);
}

static int __init wfd_init(void)
{
	unsigned int i;
	int err;

	for (i = 0; i < WFD_UNITS; i++) {
		err = wfd_alloc_unit(i);
		if (err)
			goto out_put;
		err = add_disk(wfd_units[i]->disk);
		if (err) {
			put_disk(wfd_units[i]->disk);
			kfree(wfd_units[i]);
			wfd_units[i] = NULL;
			goto out_put;
		}
	}
	return 0;

out_put:
	while (i--)
		wfd_remove_unit(wfd_units[i]);
	return err;
}

static void __exit wfd_exit(void)
{
	unsigned int i = 0;

	while (i + 1 < WFD_UNITS) {
		del_gendisk(wfd_units[i]->disk);
		del_gendisk(wfd_units[i + 1]->disk);
		put_disk(wfd_units[i]->disk);
		kfree(wfd_units[i]);
		wfd_units[i] = NULL;
		i++;
		wfd_free_unit(wfd_units[i]);
		i++;
	}
}

module_init(wfd_init);
module_exit(wfd_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: two puts on the collapsed array path, the index moves between them
 * check-command: gendisk-lint --rule double-put --kdir $KDIR $file
 */

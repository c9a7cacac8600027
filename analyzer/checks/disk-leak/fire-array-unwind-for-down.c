// SPDX-License-Identifier: GPL-2.0
/*
 * Every slot gets a disk in the first loop; the second loop sets up each
 * slot's buffer.  When that fails at slot i the unwinding counts down
 * from i - 1 with another variable, "for (j = i - 1; j >= 0; j--)",
 * putting slots i-1 .. 0: slot i and every later slot keep their disks.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/slab.h>

#define FD_SLOTS 3

struct fd_set_of_disks {
	struct gendisk *slot[FD_SLOTS];
	void *buf[FD_SLOTS];
};

static void fd_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations fd_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= fd_submit_bio,
};

static int fd_create(struct fd_set_of_disks *set)
{
	int i, j, err;

	for (i = 0; i < FD_SLOTS; i++) {
		set->slot[i] = blk_alloc_disk(NULL, NUMA_NO_NODE);
		if (IS_ERR(set->slot[i])) {
			err = PTR_ERR(set->slot[i]);
			goto out_put;
		}
		set->slot[i]->fops = &fd_fops;
		snprintf(set->slot[i]->disk_name, DISK_NAME_LEN, "fd%d", i);
	}

	for (i = 0; i < FD_SLOTS; i++) {
		set->buf[i] = kzalloc(512, GFP_KERNEL);
		if (!set->buf[i]) {
			err = -ENOMEM;
			goto out_put_below;
		}
		set->slot[i]->private_data = set->buf[i];
	}
	return 0;

out_put_below:
	for (j = i - 1; j >= 0; j--) {
		put_disk(set->slot[j]);
		kfree(set->buf[j]);
	}
	return err;

out_put:
	while (i--)
		put_disk(set->slot[i]);
	return err;
}

static struct fd_set_of_disks *fd_sets;

static int __init fd_init(void)
{
	fd_sets = kzalloc(sizeof(*fd_sets), GFP_KERNEL);
	if (!fd_sets)
		return -ENOMEM;
	return fd_create(fd_sets);
}

module_init(fd_init);
MODULE_LICENSE("GPL");

/*
 * check-name: for (j = i - 1; j >= 0; j--) unwinding leaves slots i and above
 *
 * check-output-start
fire-array-unwind-for-down.c:58:2: warning: 'set->slot[]' leaked on this error path: elements [i, 3) allocated in a loop are not released (released: [0, i)) [disk-leak]
fire-array-unwind-for-down.c:34:18: note: 'set->slot[]' allocated here
 * check-output-end
 */

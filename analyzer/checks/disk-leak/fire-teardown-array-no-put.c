// SPDX-License-Identifier: GPL-2.0
/*
 * Two disks kept in a static array.  The init function puts the disks it
 * allocated when a later step fails, or one whose add_disk() failed, but
 * the exit function only deletes them in a loop: no function of the module puts an element of
 * tda_disks[] after a successful init, so every disk leaks at unload.
 */
#include <linux/module.h>
#include <linux/blkdev.h>

#define TDA_UNITS 2

static struct gendisk *tda_disks[TDA_UNITS];
static int tda_major;

static void tda_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations tda_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= tda_submit_bio,
};

static int __init tda_init(void)
{
	int i, err;

	tda_major = register_blkdev(0, "tda");
	if (tda_major <= 0)
		return -EBUSY;
	for (i = 0; i < TDA_UNITS; i++) {
		struct gendisk *disk = blk_alloc_disk(NULL, NUMA_NO_NODE);

		if (IS_ERR(disk)) {
			err = PTR_ERR(disk);
			goto out_put;
		}
		disk->major = tda_major;
		disk->first_minor = i;
		disk->minors = 1;
		disk->fops = &tda_fops;
		snprintf(disk->disk_name, DISK_NAME_LEN, "tda%d", i);
		set_capacity(disk, 1024);
		tda_disks[i] = disk;
	}
	/* from the first add_disk() on, init must not fail */
	for (i = 0; i < TDA_UNITS; i++) {
		err = add_disk(tda_disks[i]);
		if (err) {
			pr_warn("tda%d: not added (%d)\n", i, err);
			put_disk(tda_disks[i]);
			tda_disks[i] = NULL;
		}
	}
	return 0;

out_put:
	while (i--)
		put_disk(tda_disks[i]);
	unregister_blkdev(tda_major, "tda");
	return err;
}

static void __exit tda_exit(void)
{
	int i;

	for (i = 0; i < TDA_UNITS; i++)
		if (tda_disks[i])
			del_gendisk(tda_disks[i]);
	unregister_blkdev(tda_major, "tda");
}

module_init(tda_init);
module_exit(tda_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: exit deletes a static array's disks that no function puts
 *
 * check-output-start
fire-teardown-array-no-put.c:72:4: warning: 'tda_disks[]' is deleted here and never put: no function of the module calls put_disk() on it, so the disk (allocated in tda_init()) leaks [disk-leak]
fire-teardown-array-no-put.c:74:1: note: returns without put_disk()
 * check-output-end
 */

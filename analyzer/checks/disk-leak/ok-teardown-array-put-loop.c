// SPDX-License-Identifier: GPL-2.0
/*
 * Near miss of fire-teardown-array-no-put.c: the exit function deletes
 * the disks in one loop and puts them in a second one, after the major is
 * gone; the init function's own puts are its unwinding.
 */
#include <linux/module.h>
#include <linux/blkdev.h>

#define TDB_UNITS 2

static struct gendisk *tdb_disks[TDB_UNITS];
static int tdb_major;

static void tdb_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations tdb_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= tdb_submit_bio,
};

static int __init tdb_init(void)
{
	int i, err;

	tdb_major = register_blkdev(0, "tdb");
	if (tdb_major <= 0)
		return -EBUSY;
	for (i = 0; i < TDB_UNITS; i++) {
		struct gendisk *disk = blk_alloc_disk(NULL, NUMA_NO_NODE);

		if (IS_ERR(disk)) {
			err = PTR_ERR(disk);
			goto out_put;
		}
		disk->major = tdb_major;
		disk->first_minor = i;
		disk->minors = 1;
		disk->fops = &tdb_fops;
		snprintf(disk->disk_name, DISK_NAME_LEN, "tdb%d", i);
		set_capacity(disk, 1024);
		tdb_disks[i] = disk;
	}
	/* from the first add_disk() on, init must not fail */
	for (i = 0; i < TDB_UNITS; i++) {
		err = add_disk(tdb_disks[i]);
		if (err) {
			pr_warn("tdb%d: not added (%d)\n", i, err);
			put_disk(tdb_disks[i]);
			tdb_disks[i] = NULL;
		}
	}
	return 0;

out_put:
	while (i--)
		put_disk(tdb_disks[i]);
	unregister_blkdev(tdb_major, "tdb");
	return err;
}

static void __exit tdb_exit(void)
{
	int i;

	for (i = 0; i < TDB_UNITS; i++)
		if (tdb_disks[i])
			del_gendisk(tdb_disks[i]);
	unregister_blkdev(tdb_major, "tdb");
	for (i = 0; i < TDB_UNITS; i++)
		if (tdb_disks[i])
			put_disk(tdb_disks[i]);
}

module_init(tdb_init);
module_exit(tdb_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: exit deletes and then puts a static array's disks
 */

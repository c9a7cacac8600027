// SPDX-License-Identifier: GPL-2.0
/*
 * Both correct forms: a disk with its own major and minors (brd-style,
 * drivers/block/brd.c 6.12 :330-332), and a dynamic-dev_t disk that
 * leaves all dev_t fields 0 and forbids partitions with GENHD_FL_NO_PART.
 */
#include <linux/module.h>
#include <linux/blkdev.h>

#define OK_MINORS	16

static struct gendisk *ok_disks[2];
static int ok_major;

static void ok_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations ok_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= ok_submit_bio,
};

static int ok_add(int i)
{
	struct gendisk *disk;
	int err;

	disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(disk))
		return PTR_ERR(disk);
	if (i == 0) {
		disk->major = ok_major;
		disk->first_minor = 0;
		disk->minors = OK_MINORS;
	} else {
		disk->flags |= GENHD_FL_NO_PART;
	}
	disk->fops = &ok_fops;
	snprintf(disk->disk_name, DISK_NAME_LEN, "okd%d", i);
	set_capacity(disk, 2048);
	err = add_disk(disk);
	if (err) {
		put_disk(disk);
		return err;
	}
	ok_disks[i] = disk;
	return 0;
}

static void ok_del(int i)
{
	del_gendisk(ok_disks[i]);
	put_disk(ok_disks[i]);
}

static int __init ok_init(void)
{
	int err;

	ok_major = register_blkdev(0, "okd");
	if (ok_major < 0)
		return ok_major;
	err = ok_add(0);
	if (err)
		goto out_unregister;
	err = ok_add(1);
	if (err)
		goto out_del;
	return 0;

out_del:
	ok_del(0);
out_unregister:
	unregister_blkdev(ok_major, "okd");
	return err;
}

static void __exit ok_exit(void)
{
	ok_del(1);
	ok_del(0);
	unregister_blkdev(ok_major, "okd");
}

module_init(ok_init);
module_exit(ok_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: own major with minors; dynamic dev_t with nothing set
 */

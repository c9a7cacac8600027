// SPDX-License-Identifier: GPL-2.0
/*
 * A 2.6/5.x-era driver (the article's alloc_disk() + blk_register_region()
 * probe, teardown with blk_cleanup_queue()), carrying the old prototypes
 * itself because no current header declares them.  On 6.12 none exists.
 */
#include <linux/module.h>
#include <linux/blkdev.h>

#define OLD_MAJOR	240
#define OLD_MINORS	16

struct gendisk *alloc_disk(int minors);
void blk_register_region(dev_t devt, unsigned long range, struct module *module,
			 struct kobject *(*probe)(dev_t, int *, void *),
			 int (*lock)(dev_t, void *), void *data);
void blk_unregister_region(dev_t devt, unsigned long range);
void blk_cleanup_queue(struct request_queue *q);

static struct gendisk *old_disk;

static struct kobject *old_probe(dev_t devt, int *part, void *data)
{
	*part = 0;
	return NULL;
}

static void old_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations old_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= old_submit_bio,
};

static int __init old_init(void)
{
	struct gendisk *disk;
	int err;

	err = register_blkdev(OLD_MAJOR, "old");
	if (err)
		return err;
	disk = alloc_disk(OLD_MINORS);
	if (!disk) {
		err = -ENOMEM;
		goto out_unregister;
	}
	disk->major = OLD_MAJOR;
	disk->first_minor = 0;
	disk->fops = &old_fops;
	strscpy(disk->disk_name, "old0", DISK_NAME_LEN);
	set_capacity(disk, 2048);
	err = add_disk(disk);
	if (err)
		goto out_put_disk;
	blk_register_region(MKDEV(OLD_MAJOR, 0), OLD_MINORS, THIS_MODULE, old_probe, NULL, NULL);
	old_disk = disk;
	return 0;

out_put_disk:
	put_disk(disk);
out_unregister:
	unregister_blkdev(OLD_MAJOR, "old");
	return err;
}

static void __exit old_exit(void)
{
	blk_unregister_region(MKDEV(OLD_MAJOR, 0), OLD_MINORS);
	del_gendisk(old_disk);
	blk_cleanup_queue(old_disk->queue);
	put_disk(old_disk);
	unregister_blkdev(OLD_MAJOR, "old");
}

module_init(old_init);
module_exit(old_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: alloc_disk, blk_register_region, blk_cleanup_queue on 6.12
 *
 * check-output-start
fire-2-6-legacy.c:46:9: warning: alloc_disk() does not exist on Linux 6.12 (removed before 6.1): use blk_alloc_disk() (bio-based) or blk_mq_alloc_disk() (blk-mq) [removed-api]
fire-2-6-legacy.c:59:2: warning: blk_register_region() does not exist on Linux 6.12 (removed before 6.1): pass a probe function to __register_blkdev(major, name, probe), or none at all [removed-api]
fire-2-6-legacy.c:72:2: warning: blk_unregister_region() does not exist on Linux 6.12 (removed before 6.1): drop it (unregister_blkdev() also removes the probe) [removed-api]
fire-2-6-legacy.c:74:2: warning: blk_cleanup_queue() does not exist on Linux 6.12 (removed before 6.1): drop it for a disk's own queue (put_disk() releases it); for a queue from blk_mq_alloc_queue() use blk_mq_destroy_queue() + blk_put_queue() [removed-api]
 * check-output-end
 */

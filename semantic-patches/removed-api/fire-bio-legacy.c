// SPDX-License-Identifier: GPL-2.0
/*
 * removed-api: a 5.x bio-based driver (blk_alloc_queue + alloc_disk,
 * blk_register_region, blk_cleanup_queue) ported by patch mode to
 * blk_alloc_disk on 6.12.
 * gendisk-cocci: legacy input (uses API removed before 6.1); only the .res
 * is compiled.
 */
#include <linux/module.h>
#include <linux/blkdev.h>

#define FX_MAJOR 240

static struct gendisk *fx_disk;

static void fx_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations fx_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= fx_submit_bio,
};

static struct kobject *fx_probe(dev_t dev, int *part, void *data)
{
	return NULL;
}

static int __init fx_init(void)
{
	struct request_queue *q;
	struct gendisk *disk;
	int err = -ENOMEM;

	if (register_blkdev(FX_MAJOR, "fx"))
		return -EIO;
	q = blk_alloc_queue(NUMA_NO_NODE);
	if (!q)
		goto out_unregister;
	disk = alloc_disk(16);
	if (!disk)
		goto out_queue;
	disk->queue = q;
	disk->major = FX_MAJOR;
	disk->first_minor = 0;
	disk->fops = &fx_fops;
	strscpy(disk->disk_name, "fx0", DISK_NAME_LEN);
	set_capacity(disk, 2048);
	blk_register_region(MKDEV(FX_MAJOR, 0), 256, THIS_MODULE, fx_probe, NULL, NULL);
	err = add_disk(disk);
	if (err)
		goto out_put_disk;
	fx_disk = disk;
	return 0;

out_put_disk:
	put_disk(disk);
out_queue:
	blk_cleanup_queue(q);
out_unregister:
	unregister_blkdev(FX_MAJOR, "fx");
	return err;
}

static void __exit fx_exit(void)
{
	blk_unregister_region(MKDEV(FX_MAJOR, 0), 256);
	del_gendisk(fx_disk);
	blk_cleanup_queue(fx_disk->queue);
	put_disk(fx_disk);
	unregister_blkdev(FX_MAJOR, "fx");
}

module_init(fx_init);
module_exit(fx_exit);
MODULE_LICENSE("GPL");

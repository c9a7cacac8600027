// SPDX-License-Identifier: GPL-2.0
/*
 * A one-device platform driver keeps its state in a static struct.  The
 * probe puts the disk on its own error path, but the remove function only
 * calls del_gendisk(): no function of the module ever puts tdn.disk after
 * a successful probe, so the gendisk and its queue leak on every unbind
 * (the shape of a real remove function that forgot put_disk()).
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/platform_device.h>

static struct tdn_unit {
	struct gendisk *disk;
	int major;
} tdn;

static void tdn_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations tdn_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= tdn_submit_bio,
};

static int tdn_probe(struct platform_device *pdev)
{
	int err;

	tdn.major = register_blkdev(0, "tdn");
	if (tdn.major <= 0)
		return -EBUSY;
	tdn.disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(tdn.disk)) {
		err = PTR_ERR(tdn.disk);
		goto out_unregister;
	}
	tdn.disk->major = tdn.major;
	tdn.disk->first_minor = 0;
	tdn.disk->minors = 1;
	tdn.disk->fops = &tdn_fops;
	snprintf(tdn.disk->disk_name, DISK_NAME_LEN, "tdn0");
	set_capacity(tdn.disk, 2048);
	err = add_disk(tdn.disk);
	if (err)
		goto out_put;
	return 0;

out_put:
	put_disk(tdn.disk);
out_unregister:
	unregister_blkdev(tdn.major, "tdn");
	return err;
}

static void tdn_remove(struct platform_device *pdev)
{
	del_gendisk(tdn.disk);
	unregister_blkdev(tdn.major, "tdn");
}

static struct platform_driver tdn_driver = {
	.probe	= tdn_probe,
	.remove	= tdn_remove,
	.driver	= {
		.name = "tdn",
	},
};
module_platform_driver(tdn_driver);
MODULE_LICENSE("GPL");

/*
 * check-name: remove deletes a static struct's disk that no function puts
 *
 * check-output-start
fire-teardown-no-put.c:60:2: warning: 'tdn.disk' is deleted here and never put: no function of the module calls put_disk() on it, so the disk (allocated in tdn_probe()) leaks [disk-leak]
fire-teardown-no-put.c:62:1: note: returns without put_disk()
 * check-output-end
 */

// SPDX-License-Identifier: GPL-2.0
/*
 * A driver ported from 2.6/5.x (the article's blk_register_region()
 * probe), carrying the legacy prototypes itself since no current header
 * declares them.  Init registers the region before the disk and returns
 * on add_disk() failure without blk_unregister_region(): the region's
 * probe pointer outlives the module.  removed-api reports the legacy calls
 * on 6.12 as well, hence --rule.
 */
#include <linux/module.h>
#include <linux/blkdev.h>

#define RGE_MAJOR	242
#define RGE_MINORS	16

struct kobject *get_disk_and_module(struct gendisk *disk);
void blk_register_region(dev_t devt, unsigned long range, struct module *module,
			 struct kobject *(*probe)(dev_t, int *, void *),
			 int (*lock)(dev_t, void *), void *data);
void blk_unregister_region(dev_t devt, unsigned long range);

static struct gendisk *rge_disk;

static struct kobject *rge_probe(dev_t devt, int *part, void *data)
{
	*part = 0;
	return get_disk_and_module(rge_disk);
}

static void rge_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations rge_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= rge_submit_bio,
};

static int __init rge_init(void)
{
	struct gendisk *disk;
	int err;

	err = register_blkdev(RGE_MAJOR, "rge");
	if (err)
		return err;
	disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(disk)) {
		err = PTR_ERR(disk);
		goto out_unregister_blkdev;
	}
	disk->major = RGE_MAJOR;
	disk->first_minor = 0;
	disk->minors = RGE_MINORS;
	disk->fops = &rge_fops;
	strscpy(disk->disk_name, "rge0", DISK_NAME_LEN);
	set_capacity(disk, 2048);
	rge_disk = disk;
	blk_register_region(MKDEV(RGE_MAJOR, 0), RGE_MINORS, THIS_MODULE, rge_probe, NULL, NULL);
	err = add_disk(disk);
	if (err)
		goto out_put_disk;
	return 0;

out_put_disk:
	put_disk(disk);
out_unregister_blkdev:
	unregister_blkdev(RGE_MAJOR, "rge");
	return err;
}

static void __exit rge_exit(void)
{
	blk_unregister_region(MKDEV(RGE_MAJOR, 0), RGE_MINORS);
	del_gendisk(rge_disk);
	put_disk(rge_disk);
	unregister_blkdev(RGE_MAJOR, "rge");
}

module_init(rge_init);
module_exit(rge_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: region left registered when add_disk fails
 * check-command: gendisk-lint --rule region-imbalance --kdir $KDIR $file
 *
 * check-output-start
fire-error-path.c:70:2: warning: region of blk_register_region() stays registered on this error path: blk_unregister_region() missing [region-imbalance]
fire-error-path.c:60:2: note: blk_register_region() here
 * check-output-end
 */

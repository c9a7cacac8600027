// SPDX-License-Identifier: GPL-2.0
/*
 * A legacy region probe that returns the disk's kobject directly instead of
 * "the value from get_disk()" the 2.6 article asks for: the lookup drops a
 * reference it never got.  The exit function also forgets
 * blk_unregister_region().  removed-api reports the legacy calls on 6.12
 * as well, hence --rule.
 */
#include <linux/module.h>
#include <linux/blkdev.h>

#define PKO_MAJOR	243
#define PKO_MINORS	16

void blk_register_region(dev_t devt, unsigned long range, struct module *module,
			 struct kobject *(*probe)(dev_t, int *, void *),
			 int (*lock)(dev_t, void *), void *data);
void blk_unregister_region(dev_t devt, unsigned long range);

static struct gendisk *pko_disk;

static struct kobject *pko_probe(dev_t devt, int *part, void *data)
{
	*part = 0;
	if (!pko_disk)
		return NULL;
	return &disk_to_dev(pko_disk)->kobj;
}

static void pko_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations pko_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= pko_submit_bio,
};

static int __init pko_init(void)
{
	struct gendisk *disk;
	int err;

	disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(disk))
		return PTR_ERR(disk);
	disk->major = PKO_MAJOR;
	disk->first_minor = 0;
	disk->minors = PKO_MINORS;
	disk->fops = &pko_fops;
	strscpy(disk->disk_name, "pko0", DISK_NAME_LEN);
	set_capacity(disk, 2048);
	err = add_disk(disk);
	if (err) {
		put_disk(disk);
		return err;
	}
	pko_disk = disk;
	blk_register_region(MKDEV(PKO_MAJOR, 0), PKO_MINORS, THIS_MODULE, pko_probe, NULL, NULL);
	return 0;
}

static void __exit pko_exit(void)
{
	del_gendisk(pko_disk);
	put_disk(pko_disk);
}

module_init(pko_init);
module_exit(pko_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: probe returns a kobject without get_disk; region never unregistered
 * check-command: gendisk-lint --rule region-imbalance --kdir $KDIR $file
 *
 * check-output-start
fire-probe-kobj.c:27:2: warning: region probe returns a kobject without a reference: return get_disk() of the disk (or NULL) [region-imbalance]
fire-probe-kobj.c:60:2: warning: blk_register_region() is never undone in this file: blk_unregister_region() missing on exit [region-imbalance]
 * check-output-end
 */

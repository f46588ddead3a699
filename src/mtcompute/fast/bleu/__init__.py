"""BLEU's kernels: corpus statistics (numpy), n-gram counts, one segment's statistics and
score, raw texts counted as sacreBLEU counts them, and the token buffers and ids they share."""

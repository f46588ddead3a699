"""Text files scored as sacreBLEU reports them, without click: the metric registry, text files,
signatures, and scoring a corpus or each of its segments."""

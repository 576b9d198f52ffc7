"""The effects library: the parts card scripts are assembled from (``lib``)."""

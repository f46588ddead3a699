"""Scoring at scale: text files read in bounded chunks, each chunk scored in this process, in
worker processes or on a Dask cluster, and the results written in input order as they come."""

"""Pages that put several layers side by side: the home dashboard and the contact page's
remembered payment term (decision 0019). The top of the import layers: it reads through each
layer's selectors and writes nothing.
"""

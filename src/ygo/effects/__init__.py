"""effects"""

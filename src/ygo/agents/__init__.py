"""agents"""
